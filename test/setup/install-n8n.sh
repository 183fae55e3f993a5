#!/usr/bin/env bash
# Installs the real n8n the e2e tests boot: Node 24 (npm package `node@24`) and n8n 2.41.1, into a
# cache OUTSIDE the repo (default /var/cache/n8n-nodes-hermes, override with HERMES_N8N_CACHE).
# Usage: install-n8n.sh [VERSION]. Without an argument: 2.41.1, the version every e2e test boots.
# `install-n8n.sh 2.20.12` installs the last n8n before the disabled-tool misrouting fix (the
# routing proof runs it in queue mode) into its own folder n8n-2.20.12, sharing Node 24.
# n8n 2.41 needs Node >= 24 while the machine may run Node 20; 2.41.3 does not install from the
# registry (a pinned dependency is missing), 2.41.1 does. A full install takes ~5-6 min and 2.9 GB.
# Idempotent: each step checks its own result, and a marker written last makes a rerun instant.
# The marker lists the paths test/harness/n8n.ts needs (key=value lines).
set -euo pipefail

N8N_VERSION="${1:-2.41.1}"
[[ "$N8N_VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "install-n8n: not a version: $N8N_VERSION" >&2; exit 1; }
NODE_MAJOR=24
CACHE="${HERMES_N8N_CACHE:-/var/cache/n8n-nodes-hermes}"
NODE_DIR="$CACHE/node$NODE_MAJOR"
N8N_DIR="$CACHE/n8n-$N8N_VERSION"
MARKER="$N8N_DIR/.hermes-install-complete"

log() { echo "install-n8n: $*"; }
fail() { echo "install-n8n: $*" >&2; exit 1; }

marker_ok() {
	[ -f "$MARKER" ] || return 1
	local node n8n
	node="$(sed -n 's/^node=//p' "$MARKER")"
	n8n="$(sed -n 's/^n8n=//p' "$MARKER")"
	[ -x "$node" ] && [ -f "$n8n" ]
}

if marker_ok; then
	log "cache complete ($MARKER)"
	exit 0
fi

command -v npm >/dev/null 2>&1 || fail "npm is needed to install Node $NODE_MAJOR and n8n"
mkdir -p "$CACHE" 2>/dev/null || fail "cannot create $CACHE: run as root or set HERMES_N8N_CACHE to a writable folder"
[ -w "$CACHE" ] || fail "$CACHE is not writable: run as root or set HERMES_N8N_CACHE to a writable folder"

# One installer at a time (two test runs starting together on a fresh machine).
exec 9>"$CACHE/.install.lock"
flock 9
if marker_ok; then
	log "cache completed by another run"
	exit 0
fi

case "$(uname -m)" in
	x86_64) arch=x64 ;;
	aarch64 | arm64) arch=arm64 ;;
	*) fail "unsupported machine $(uname -m)" ;;
esac
# The `node` package's preinstall fetches this platform package; it holds bin/node and include/.
NODE_HOME="$NODE_DIR/node_modules/node/node_modules/node-linux-$arch"
NODE_BIN="$NODE_HOME/bin/node"

node_ok() { [ -x "$NODE_BIN" ] && "$NODE_BIN" --version 2>/dev/null | grep -q "^v$NODE_MAJOR\."; }

# $3: extra top-level package.json members (e.g. overrides), already JSON, with a leading comma.
init_folder() {
	mkdir -p "$1"
	[ -f "$1/package.json" ] || printf '{\n  "name": "%s",\n  "private": true%s\n}\n' "$2" "${3:-}" >"$1/package.json"
}

# n8n 2.20.x depends on an xlsx build fetched from its publisher's own host, which an offline
# machine cannot reach; the registry's xlsx 0.18.5 takes its place.
N8N_OVERRIDES=""
case "$N8N_VERSION" in
	2.20.*) N8N_OVERRIDES=$',\n  "overrides": { "xlsx": "0.18.5" }' ;;
esac

if node_ok; then
	log "Node $("$NODE_BIN" --version) present"
else
	log "installing node@$NODE_MAJOR into $NODE_DIR"
	init_folder "$NODE_DIR" "hermes-node$NODE_MAJOR"
	# The package's own preinstall script downloads the platform binary: scripts must run here.
	(cd "$NODE_DIR" && npm install --ignore-scripts=false --no-audit --no-fund "node@$NODE_MAJOR")
	node_ok || fail "node@$NODE_MAJOR installed but $NODE_BIN is missing or not v$NODE_MAJOR"
fi
[ -f "$NODE_HOME/include/node/node_api.h" ] || fail "Node headers missing under $NODE_HOME/include"

# npm and node-gyp run under Node 24 and compile against its headers (a user ~/.npmrc may say
# nodedir=/usr, the Node 20 headers; the environment variable overrides it).
export PATH="$NODE_HOME/bin:$PATH"
export npm_config_nodedir="$NODE_HOME"

n8n_ok() {
	[ -f "$N8N_DIR/node_modules/n8n/package.json" ] &&
		"$NODE_BIN" -p "require('$N8N_DIR/node_modules/n8n/package.json').version" 2>/dev/null | grep -qx "$N8N_VERSION"
}
if n8n_ok; then
	log "n8n $N8N_VERSION present"
else
	log "installing n8n@$N8N_VERSION into $N8N_DIR (about 3-5 minutes)"
	init_folder "$N8N_DIR" "hermes-n8n-$N8N_VERSION" "$N8N_OVERRIDES"
	# --ignore-scripts: a prebuilt-binary download in an optional Kafka dependency fails offline.
	(cd "$N8N_DIR" && npm install --ignore-scripts --save-exact --no-audit --no-fund "n8n@$N8N_VERSION")
	n8n_ok || fail "n8n@$N8N_VERSION did not install into $N8N_DIR"
fi

sqlite_ok() { (cd "$N8N_DIR" && "$NODE_BIN" -e "require('sqlite3')" >/dev/null 2>&1); }
sqlite_version() { "$NODE_BIN" -p "require('$1/package.json').version" 2>/dev/null; }
# The n8n versions pin the same sqlite3 and all run on Node 24: the binding another version
# compiled loads here too (checked), which saves compiling it again.
reuse_sqlite() {
	local own="$N8N_DIR/node_modules/sqlite3" other binding
	for other in "$CACHE"/n8n-*/node_modules/sqlite3; do
		binding="$other/build/Release/node_sqlite3.node"
		[ "$other" != "$own" ] && [ -f "$binding" ] && [ "$(sqlite_version "$other")" = "$(sqlite_version "$own")" ] || continue
		mkdir -p "$own/build/Release" && cp "$binding" "$own/build/Release/" && sqlite_ok && { log "sqlite3 loads with the binding compiled for $(basename "$(dirname "$(dirname "$other")")")"; return 0; }
	done
	return 1
}
if sqlite_ok; then
	log "sqlite3 loads under Node $NODE_MAJOR"
elif reuse_sqlite; then
	:
else
	log "compiling sqlite3 for Node $NODE_MAJOR (about a minute)"
	(cd "$N8N_DIR" && npm rebuild sqlite3 --ignore-scripts=false)
	sqlite_ok || fail "sqlite3 does not load under $NODE_BIN after the rebuild"
fi

N8N_BIN="$N8N_DIR/node_modules/n8n/bin/n8n"
[ -f "$N8N_BIN" ] || fail "$N8N_BIN missing"
tmp="$MARKER.tmp.$$"
{
	echo "n8nVersion=$N8N_VERSION"
	echo "node=$NODE_BIN"
	echo "nodeHome=$NODE_HOME"
	echo "n8n=$N8N_BIN"
	echo "installedAt=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$tmp"
mv "$tmp" "$MARKER"
log "cache complete ($MARKER)"
