#!/bin/sh
# Make sure Debian's PostgreSQL server programs (initdb, pg_ctl) are present for the store's tests, which start
# a throw-away server of their own. Installs the 'postgresql' package with apt-get when missing and we are root
# (the package also creates the 'postgres' OS user the server runs as); otherwise says what to do.
if command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" != "0" ] || id postgres >/dev/null 2>&1; then
    exit 0
  fi
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's postgresql for the store's tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq postgresql >/dev/null && exit 0
fi
echo "PostgreSQL is missing: install Debian's 'postgresql' package (the store's tests run initdb and pg_ctl)." >&2
exit 1
