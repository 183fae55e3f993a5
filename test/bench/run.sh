#!/usr/bin/env bash
# `npm run bench`: runs every test/bench/*.bench.ts (TypeScript, through jest + ts-jest, one at a
# time so the figures do not compete for the CPU). Each benchmark prints its own figures; pass a
# file name pattern to run only some, e.g. `npm run bench -- transportPool`.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec npx jest --config test/bench/jest.bench.config.js --runInBand --verbose=false "$@"
