#!/usr/bin/env bash
# The test command (`npm test`): unit, integration (real sshd, git, Prometheus, n8n's package
# scanner) and e2e (real n8n).
set -euo pipefail
cd "$(dirname "$0")/.."
bash test/setup/install-host-deps.sh
bash test/setup/install-n8n.sh # real n8n for e2e, cached outside the repo; instant once installed
bash test/setup/install-scanner.sh # n8n's community-package scanner, cached likewise
npx tsc -p tsconfig.test.json
npx jest --selectProjects unit integration e2e "$@"
