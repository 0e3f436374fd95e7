#!/bin/sh
# Make sure Debian's Chromium is present for the real-browser tests.
# Installs it with apt-get when missing and we are root; otherwise says what to do.
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq chromium >/dev/null && exit 0
fi
echo "Chromium is missing: install Debian's 'chromium' package (the browser tests need /usr/bin/chromium)." >&2
exit 1
