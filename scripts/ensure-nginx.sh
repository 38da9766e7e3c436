#!/usr/bin/env bash
# Makes sure Debian's nginx is installed: the load-balancer test (server/src/realtime/
# load-balancer.test.ts) runs the shipped deploy/nginx.conf in front of two app nodes. Only the
# binary is needed: the test starts its own nginx on a free port, so the package's service is kept
# from starting (it would take port 80 for nothing).
set -euo pipefail

nginx_path="${NGINX_PATH:-/usr/sbin/nginx}"

if [ -x "$nginx_path" ]; then
  echo "[nginx] $nginx_path present: $("$nginx_path" -v 2>&1)"
  exit 0
fi
if [ "$nginx_path" != "/usr/sbin/nginx" ]; then
  echo "[nginx] NGINX_PATH=$nginx_path does not exist; install it or unset NGINX_PATH" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "[nginx] /usr/sbin/nginx is missing and apt-get is not available; install nginx by hand" >&2
  exit 1
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

# invoke-rc.d asks policy-rc.d whether a package's service may start: 101 means no. Ours is removed
# again afterwards, unless one was there before.
policy=/usr/sbin/policy-rc.d
own_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | "${sudo_cmd[@]}" tee "$policy" >/dev/null
  "${sudo_cmd[@]}" chmod +x "$policy"
  own_policy=1
fi
cleanup() { if [ "$own_policy" -eq 1 ]; then "${sudo_cmd[@]}" rm -f "$policy"; fi; }
trap cleanup EXIT

echo "[nginx] installing Debian's nginx"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update
"${sudo_cmd[@]}" apt-get install -y nginx
echo "[nginx] $("$nginx_path" -v 2>&1)"
