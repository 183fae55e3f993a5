#!/usr/bin/env bash
# `npm run demo`, the README's main job: installs what the local deployment needs (as `npm test`
# does: sshd and Prometheus, Node 24 and n8n, cached outside the repository; `--queue` also Redis
# and PostgreSQL), builds the package and the CLI, and runs the stack until SIGINT (Ctrl-C) or
# SIGTERM. It compiles the demo (TypeScript, next to the other build caches) before all that, and
# checks its arguments and port first.
#
# Signals: a process manager signals the top pid only, and npm passes SIGINT and SIGTERM on to
# its child alone (package.json `exec`s this script, so that child is this bash and not a `sh -c`
# that would die without passing them on). bash itself defers a trap until its foreground child
# exits, so each step runs in a session of its own, in the background, and a signal ends that
# whole session at once. The demo then replaces this script (exec, same pid) and stops the stack
# on either signal itself (demo.ts).
set -euo pipefail
cd "$(dirname "$0")/../.."

step_pid=
on_signal() {
	if [ -n "$step_pid" ]; then
		kill -TERM -- "-$step_pid" 2>/dev/null || true
		wait "$step_pid" 2>/dev/null || true
		# What outlived its session leader (a child that ignores SIGTERM).
		kill -KILL -- "-$step_pid" 2>/dev/null || true
	fi
	# Die of the signal itself, so npm and a calling shell see an interrupted run, not an error.
	trap - "$1"
	kill -"$1" $$
}
trap 'on_signal INT' INT
trap 'on_signal TERM' TERM

# Runs one step in a new session (its own process group: setsid does not fork here, a background
# job is no group leader) and waits for it where a signal can interrupt the wait.
step() {
	setsid "$@" &
	step_pid=$!
	wait "$step_pid"
	step_pid=
}

# The demo first (it compiles from the sources alone, in seconds): its preflight says a wrong
# argument or a taken --port at once, not after the installs and the build.
out=node_modules/.cache/hermes-demo
rm -rf "$out"
step npx tsc -p test/e2e/tsconfig.demo.json
# The harnesses find their fixtures next to their compiled files.
mkdir -p "$out/test/e2e"
cp -r test/fixtures "$out/test/"
cp -r test/e2e/fixtures "$out/test/e2e/"
step node "$out/test/e2e/demo.js" --preflight "$@"
step bash test/setup/install-host-deps.sh
step bash test/setup/install-n8n.sh
case " $* " in *" --queue "*) step bash test/setup/install-queue-deps.sh ;; esac
if [ -t 1 ]; then
	step npm run build
else
	# `n8n-node build` (@n8n/node-cli) draws a @clack/prompts spinner on any stdout: CI=true makes
	# it print each step once, NO_COLOR keeps CI from turning colours on, and sed drops the cursor
	# codes it still writes, so a log holds plain lines.
	step bash -o pipefail -c 'CI=true NO_COLOR=1 npm run build | sed -u "s/\x1b\[[0-9;?]*[A-Za-z]//g"'
fi
[ -f generator/dist/generator/cli/main.js ] || step npm run build --workspace hermes-workflows
exec node "$out/test/e2e/demo.js" "$@"
