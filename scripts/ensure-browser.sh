#!/usr/bin/env bash
# Makes sure the Chromium that Playwright drives is installed, with a colour emoji font (the gift
# icons and chat emoji are emoji: without the font, screenshots show empty boxes where members'
# devices show pictures). Playwright never downloads its own browser here (playwright.config.ts
# points at Debian's /usr/bin/chromium, or CHROMIUM_PATH).
set -euo pipefail

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
emoji_font=fonts-noto-color-emoji

missing=()
if [ -x "$chromium_path" ]; then
  echo "[browser] $chromium_path present: $("$chromium_path" --version 2>/dev/null || echo 'version unknown')"
elif [ "$chromium_path" != "/usr/bin/chromium" ]; then
  echo "[browser] CHROMIUM_PATH=$chromium_path does not exist; install it or unset CHROMIUM_PATH" >&2
  exit 1
else
  missing+=(chromium)
fi
if command -v dpkg >/dev/null 2>&1 && ! dpkg -s "$emoji_font" >/dev/null 2>&1; then missing+=("$emoji_font"); fi

if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi

if ! command -v apt-get >/dev/null 2>&1; then
  if [[ " ${missing[*]} " == *" chromium "* ]]; then
    echo "[browser] /usr/bin/chromium is missing and apt-get is not available; install Chromium by hand" >&2
    exit 1
  fi
  echo "[browser] no $emoji_font and no apt-get: emoji will show as boxes in screenshots" >&2
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

echo "[browser] installing Debian's ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update
"${sudo_cmd[@]}" apt-get install -y "${missing[@]}"
echo "[browser] chromium: $("$chromium_path" --version 2>/dev/null || echo 'version unknown')"
