#!/usr/bin/env bash
# Installs n8n's community-package scanner (@n8n/scan-community-package) into the test cache,
# outside the repository, for test/integration/package/scanner.test.ts. Idempotent.
set -euo pipefail
VERSION=0.32.0
CACHE="${HERMES_N8N_CACHE:-/var/cache/n8n-nodes-hermes}"
DIR="$CACHE/scan-community-package-$VERSION"
MARKER="$DIR/.hermes-install-complete"
[ -f "$MARKER" ] && { echo "install-scanner: cache complete ($DIR)"; exit 0; }
mkdir -p "$DIR"
[ -f "$DIR/package.json" ] || printf '{\n  "name": "hermes-scanner",\n  "private": true\n}\n' >"$DIR/package.json"
# --ignore-scripts: one of its dependencies runs `npx only-allow pnpm` on install.
(cd "$DIR" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error "@n8n/scan-community-package@$VERSION")
echo "dir=$DIR/node_modules/@n8n/scan-community-package" >"$MARKER"
echo "install-scanner: cache complete ($DIR)"
