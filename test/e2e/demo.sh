#!/usr/bin/env bash
# `npm run demo`, the README's main job: installs what the local deployment needs (as `npm test`
# does: sshd and Prometheus, Node 24 and n8n, cached outside the repository; `--queue` also Redis
# and PostgreSQL), builds the package and the CLI, compiles the demo (TypeScript) next to the
# other build caches, and runs the stack until Ctrl-C or SIGTERM.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/setup/install-host-deps.sh
bash test/setup/install-n8n.sh
case " $* " in *" --queue "*) bash test/setup/install-queue-deps.sh ;; esac
out=node_modules/.cache/hermes-demo
npm run build
[ -f generator/dist/generator/cli/main.js ] || npm run build --workspace hermes-workflows
rm -rf "$out"
npx tsc -p test/e2e/tsconfig.demo.json
# The harnesses find their fixtures next to their compiled files.
mkdir -p "$out/test/e2e"
cp -r test/fixtures "$out/test/"
cp -r test/e2e/fixtures "$out/test/e2e/"
exec node "$out/test/e2e/demo.js" "$@"
