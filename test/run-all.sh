#!/usr/bin/env bash
# The test command (`npm test`): unit, integration (real sshd, git, Prometheus, n8n's package
# scanner) and e2e (real n8n 2.41.1, regular mode and queue mode with PostgreSQL and Redis; n8n
# 2.20.12 for the routing proof).
set -euo pipefail
cd "$(dirname "$0")/.."
bash test/setup/install-host-deps.sh
bash test/setup/install-queue-deps.sh # Redis and PostgreSQL for the queue-mode e2e
bash test/setup/install-chromium.sh # Debian's Chromium for the approval-page tests
bash test/setup/install-n8n.sh # real n8n for e2e, cached outside the repo; instant once installed
bash test/setup/install-n8n.sh 2.20.12 # the routing proof's n8n (queue mode), cached like 2.41.1
bash test/setup/install-scanner.sh # n8n's community-package scanner, cached likewise
npx tsc -p tsconfig.test.json
# Two workers on CI's 2 cores: an e2e file spends much of its time waiting on n8n, sshd or a
# browser, which the other worker's file uses (every harness service takes a free port). The demo
# runs (test/e2e/demoRuns.test.ts) rebuild dist/ and generator/dist/, so first everything that
# packs or runs the build, then the demo runs beside the unit and integration tests of the sources.
demo_runs='/test/e2e/demoRuns[.]test[.]ts$'
status=0
npx jest --selectProjects integration e2e --maxWorkers=2 --passWithNoTests \
	--testPathIgnorePatterns="($demo_runs|/test/integration/(?!package/))" "$@" || status=$?
npx jest --selectProjects unit integration e2e --maxWorkers=2 --passWithNoTests \
	--testPathIgnorePatterns="(/test/e2e/(?!demoRuns[.]test[.]ts$)|/test/integration/package/)" "$@" || status=$?
exit "$status"
