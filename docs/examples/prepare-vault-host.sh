#!/usr/bin/env bash
# Prepares an SSH host for the Hermes Vault node (docs/nodes/vault.md, "A vault host"). Run it as
# root on the host. It makes, or keeps when they are already right:
#   - the login user (key only: no password, yet not a locked account, which sshd refuses);
#   - the agent's public key in that user's ~/.ssh/authorized_keys;
#   - the vault: a git work tree (cloned from the upstream when it has commits, else a new one
#     with README.md, research/ and inbox/), with the upstream as `origin`;
#   - a git identity in the work tree, so the node's commits never fail for want of one;
#   - `git push -u origin <branch>`, so the node's pushes have an upstream branch.
# At the end it prints the credential's settings: user, vault path, host key fingerprints.
#
# Usage: prepare-vault-host.sh --key FILE --upstream URL|PATH [--user NAME] [--vault PATH]
#          [--home DIR] [--name NAME] [--email EMAIL]
#   --key       the public key the n8n credential logs in with (its private half goes into n8n)
#   --upstream  where the vault pushes: a git URL (the script gives the user a key and, until the
#               upstream accepts it, stops and prints it), or an absolute path on this host, made
#               a bare repository if missing
#   --user      login user (default: hermes)          --vault  work tree (default: ~USER/vaults/vps-vault)
#   --home      home folder of a new user (default: useradd's)
#   --name, --email  the git identity of the node's commits (default: Hermes Vault, USER@host)
set -euo pipefail

user=hermes key='' upstream='' vault='' home='' name='Hermes Vault' email=''
while [ $# -gt 0 ]; do
	case "$1" in
		--key) key=$2 ;;
		--upstream) upstream=$2 ;;
		--user) user=$2 ;;
		--vault) vault=$2 ;;
		--home) home=$2 ;;
		--name) name=$2 ;;
		--email) email=$2 ;;
		*) echo "prepare-vault-host: unknown option $1 (see the usage at the top of this script)" >&2; exit 2 ;;
	esac
	shift 2
done
[ -n "$key" ] && [ -r "$key" ] || { echo 'prepare-vault-host: --key FILE (a readable public key) is required' >&2; exit 2; }
[ -n "$upstream" ] || { echo 'prepare-vault-host: --upstream URL|PATH is required' >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo 'prepare-vault-host: run it as root (it makes a user and writes in its home)' >&2; exit 2; }

# What the node's scripts run on the host: bash, GNU coreutils (timeout), flock, git 2.38 or newer.
for tool in bash git flock timeout sha256sum; do
	command -v "$tool" >/dev/null || { echo "prepare-vault-host: $tool is missing on this host: install it first" >&2; exit 1; }
done
git_version=$(git --version | sed -E 's/^git version ([0-9]+)\.([0-9]+).*/\1 \2/')
read -r major minor <<<"$git_version"
if [ "$major" -lt 2 ] || { [ "$major" -eq 2 ] && [ "$minor" -lt 38 ]; }; then
	echo "prepare-vault-host: git $major.$minor is too old: the vault needs git 2.38 or newer" >&2
	exit 1
fi

if ! id "$user" >/dev/null 2>&1; then
	useradd --create-home ${home:+--home-dir "$home"} --shell /bin/bash "$user"
	usermod -p '*' "$user"
fi
home=$(getent passwd "$user" | cut -d: -f6)
group=$(id -gn "$user")
vault=${vault:-$home/vaults/vps-vault}
email=${email:-$user@$(hostname)}
as_user() { runuser -u "$user" -- env HOME="$home" GIT_SSH_COMMAND="${GIT_SSH_COMMAND:-ssh}" "$@"; }

install -d -m 700 -o "$user" -g "$group" "$home/.ssh"
touch "$home/.ssh/authorized_keys"
grep -qxF "$(cat "$key")" "$home/.ssh/authorized_keys" || cat "$key" >>"$home/.ssh/authorized_keys"
chown "$user:$group" "$home/.ssh/authorized_keys"
chmod 600 "$home/.ssh/authorized_keys"

# The user's git over SSH: no prompt, and a new remote host key is accepted once and then pinned
# in the user's known_hosts (the node's later pushes check it).
export GIT_SSH_COMMAND='ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new'
if [ "${upstream#/}" != "$upstream" ]; then
	# A local upstream: a bare repository the user owns.
	if [ ! -e "$upstream" ]; then
		install -d -o "$user" -g "$group" "$upstream"
		as_user git init -q --bare -b main "$upstream"
	fi
elif [ ! -f "$home/.ssh/id_ed25519" ]; then
	# A remote upstream: the user pushes with a key of its own.
	as_user ssh-keygen -q -t ed25519 -N '' -C "$user@$(hostname) vault" -f "$home/.ssh/id_ed25519"
fi
if ! as_user git ls-remote "$upstream" >/dev/null 2>&1; then
	echo "prepare-vault-host: $user cannot reach $upstream; nothing is made in the vault yet" >&2
	if [ -f "$home/.ssh/id_ed25519.pub" ]; then
		echo "add this key to the upstream with write access (a deploy key), then run this script again:" >&2
		cat "$home/.ssh/id_ed25519.pub" >&2
	fi
	exit 1
fi

if [ ! -d "$vault/.git" ]; then
	install -d -o "$user" -g "$group" "$(dirname "$vault")"
	if [ -n "$(as_user git ls-remote "$upstream" 2>/dev/null)" ]; then
		as_user git clone -q "$upstream" "$vault"
	else
		as_user git init -q -b main "$vault"
		as_user git -C "$vault" remote add origin "$upstream"
		as_user mkdir -p "$vault/research" "$vault/inbox"
		printf '# Vault\n\nNotes the agent reads, and writes under research/ and inbox/.\n' | as_user tee "$vault/README.md" >/dev/null
		as_user touch "$vault/research/.gitkeep" "$vault/inbox/.gitkeep"
	fi
fi
as_user git -C "$vault" remote get-url origin >/dev/null 2>&1 || as_user git -C "$vault" remote add origin "$upstream"
as_user git -C "$vault" config user.name "$name"
as_user git -C "$vault" config user.email "$email"
if [ -z "$(as_user git -C "$vault" rev-parse --verify -q HEAD)" ]; then
	as_user git -C "$vault" add -A
	as_user git -C "$vault" commit -q -m 'vault: start'
fi
branch=$(as_user git -C "$vault" rev-parse --abbrev-ref HEAD)
as_user git -C "$vault" push -q -u origin "$branch"

echo "vault host ready:"
echo "  username:    $user"
echo "  vaultPath:   $vault"
echo "  upstream:    $(as_user git -C "$vault" rev-parse --abbrev-ref '@{upstream}') -> $upstream"
echo "  git author:  $name <$email>"
for pub in /etc/ssh/ssh_host_*_key.pub; do
	[ -r "$pub" ] && echo "  host key:    $(ssh-keygen -lf "$pub" | awk '{print $2, $NF}')"
done
exit 0
