#!/usr/bin/env bash
# Makes sure the Chromium that Playwright drives is installed. Playwright never downloads its own
# browser here (playwright.config.ts points at Debian's /usr/bin/chromium, or CHROMIUM_PATH).
set -euo pipefail

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$chromium_path" ]; then
  echo "[browser] $chromium_path present: $("$chromium_path" --version 2>/dev/null || echo 'version unknown')"
  exit 0
fi

if [ "$chromium_path" != "/usr/bin/chromium" ]; then
  echo "[browser] CHROMIUM_PATH=$chromium_path does not exist; install it or unset CHROMIUM_PATH" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "[browser] /usr/bin/chromium is missing and apt-get is not available; install Chromium by hand" >&2
  exit 1
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

echo "[browser] installing Debian's chromium package"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update
"${sudo_cmd[@]}" apt-get install -y chromium
echo "[browser] installed: $(/usr/bin/chromium --version 2>/dev/null || echo 'version unknown')"
