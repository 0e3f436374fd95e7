#!/bin/sh
# Make sure nginx (the reverse proxy of `make club`) is present: installs Debian's nginx-light with apt-get when
# missing and we are root; otherwise says what to do.
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's nginx-light for make club..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq nginx-light >/dev/null && exit 0
fi
echo "nginx is missing: install Debian's 'nginx-light' package (make club puts it in front of the replicas)." >&2
exit 1
