#!/usr/bin/env bash
# Installs what the queue-mode tests run besides n8n: Redis (n8n's job queue) and PostgreSQL
# (the database every queue-mode process shares). The tests start their own instances on free
# ports (test/harness/queue), so no system service may be left running after the install.
# Idempotent: does nothing when both are there. Prints where the PostgreSQL binaries are.
set -euo pipefail

pg_bindir() {
	# Newest major installed under Debian's layout (initdb and pg_ctl are not on PATH there).
	local dir
	dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
	[ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && echo "$dir"
}

need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
pg_bindir >/dev/null || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "install-queue-deps: missing ${need[*]}; run as root or install them (apt-get install redis-server postgresql)" >&2
		exit 1
	fi
	echo "install-queue-deps: apt-get install ${need[*]}"
	export DEBIAN_FRONTEND=noninteractive
	# Debian's postinst scripts start redis-server and a PostgreSQL cluster through invoke-rc.d;
	# a policy answering 101 ("action forbidden") keeps them from starting at all, and the
	# postgresql-common setting keeps it from creating a cluster nobody uses.
	policy=/usr/sbin/policy-rc.d
	own_policy=false
	if [ ! -e "$policy" ]; then
		printf '#!/bin/sh\nexit 101\n' >"$policy"
		chmod +x "$policy"
		own_policy=true
	fi
	trap 'if [ "$own_policy" = true ]; then rm -f "$policy"; fi' EXIT
	mkdir -p /etc/postgresql-common
	conf=/etc/postgresql-common/createcluster.conf
	if [ ! -e "$conf" ]; then printf 'create_main_cluster = false\n' >"$conf"; fi
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# Whatever a postinst (or an earlier install) started, stop it and keep it from starting again.
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
	systemctl disable --now redis-server postgresql >/dev/null 2>&1 || true
fi
if command -v service >/dev/null 2>&1; then
	service redis-server stop >/dev/null 2>&1 || true
	service postgresql stop >/dev/null 2>&1 || true
fi

command -v redis-server >/dev/null 2>&1 || { echo "install-queue-deps: redis-server missing after the install" >&2; exit 1; }
bindir="$(pg_bindir)" || { echo "install-queue-deps: PostgreSQL's initdb/pg_ctl missing after the install" >&2; exit 1; }
id postgres >/dev/null 2>&1 || { echo "install-queue-deps: no postgres user (the PostgreSQL package creates it)" >&2; exit 1; }
echo "install-queue-deps: $(redis-server --version | cut -d' ' -f1-3), PostgreSQL $("$bindir/pg_ctl" --version | awk '{print $3}') in $bindir"
