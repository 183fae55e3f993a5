#!/usr/bin/env bash
# Installs Debian's Chromium for the approval-page tests (test/harness/browser.ts drives it with
# playwright-core; Playwright's own browser download needs the internet). Idempotent: does nothing
# when /usr/bin/chromium is there.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
	echo "install-chromium: /usr/bin/chromium present ($(/usr/bin/chromium --version 2>/dev/null | head -1)), nothing to do"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "install-chromium: /usr/bin/chromium missing; run as root or apt-get install chromium" >&2
	exit 1
fi
echo "install-chromium: apt-get install chromium"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null
echo "install-chromium: installed $(/usr/bin/chromium --version 2>/dev/null | head -1)"
