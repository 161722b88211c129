#!/usr/bin/env bash
# The browser tests (tests/web) drive Debian's Chromium headless through playwright-core
# (no browser download), and serve the web image's nginx config with Debian's nginx
# (tests/web/test_console_nginx.py): install the `chromium` and `nginx` packages when
# missing.  Called by `make test` (and so by CI on a fresh machine); needs root or sudo
# for apt-get.  Without it (and not root) those tests skip locally and fail under CI=true.
set -u
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium fonts-noto-core"
[ -x /usr/sbin/nginx ] || missing="$missing nginx"
if [ -z "$missing" ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-browser: no apt-get here: install Chromium (/usr/bin/chromium) and nginx yourself" >&2
  exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; else
    echo "install-browser: not root: run 'apt-get install$missing' to enable the browser tests" >&2
    exit 0
  fi
fi
echo "install-browser: installing Debian's$missing (headless browser tests, the web image's nginx config)"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086  # one word per package
$sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
if [ -x /usr/bin/chromium ]; then echo "install-browser: $(/usr/bin/chromium --version 2>/dev/null)"; fi
if [ -x /usr/sbin/nginx ]; then echo "install-browser: $(/usr/sbin/nginx -v 2>&1)"; fi
exit 0
