#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; a fresh machine does not have it. Install it (and a
# CJK font so Chinese screenshots are readable) from Debian's packages when it is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium fonts-wqy-microhei' once." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
/usr/bin/chromium --version
