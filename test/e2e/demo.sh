#!/usr/bin/env bash
# `npm run demo`: builds the package and the CLI, compiles the demo (TypeScript) next to the
# other build caches, and runs the stack until Ctrl-C. Needs n8n (test/setup/install-n8n.sh)
# and sshd + Prometheus (test/setup/install-host-deps.sh); `--queue` also Redis and PostgreSQL
# (test/setup/install-queue-deps.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=node_modules/.cache/hermes-demo
npm run build
[ -f generator/dist/cli/main.js ] || npm run build --workspace hermes-workflows
rm -rf "$out"
npx tsc -p test/e2e/tsconfig.demo.json
# The harnesses find their fixtures next to their compiled files.
mkdir -p "$out/test/e2e"
cp -r test/fixtures "$out/test/"
cp -r test/e2e/fixtures "$out/test/e2e/"
exec node "$out/test/e2e/demo.js" "$@"
