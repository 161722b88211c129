#!/usr/bin/env bash
# The browser tests (tests/web) drive Debian's Chromium headless through playwright-core
# (no browser download): install the `chromium` package when it is missing.  Called by
# `make test` (and so by CI on a fresh machine); needs root or sudo for apt-get.
# Without it (and not root) the browser tests skip locally and fail under CI=true.
set -u
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-browser: no apt-get here: install Chromium yourself (/usr/bin/chromium)" >&2
  exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; else
    echo "install-browser: not root: run 'apt-get install chromium' to enable the browser tests" >&2
    exit 0
  fi
fi
echo "install-browser: installing Debian's chromium (headless browser tests)"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends chromium fonts-noto-core >/dev/null
if [ -x /usr/bin/chromium ]; then echo "install-browser: $(/usr/bin/chromium --version 2>/dev/null)"; fi
exit 0
