import { VAULT_PRELUDE } from './prelude';

/**
 * write: the confined, atomic compare-and-write.
 *
 * Arguments (fixed-format values computed by the node, never agent text):
 *   $1 vault path setting   $2 content byte count   $3 sha256 of the content (64 hex)
 *   $4 allowed prefixes, comma-separated, each ending in "/"   $5 push timeout (s)   $6 lock wait (s)
 * stdin: `<path>\n<base hash or empty>\n<content bytes>`.
 *
 * Order, and why:
 * 1. All of stdin is received into a temp file under .git/ (outside the work tree, so a
 *    killed script leaves nothing in the notes) and checked against the byte count and the
 *    digest: a cut transfer is __WRITE_FAILED__ before anything is looked at or changed.
 * 2. Under an flock on .git/hermes-vault.lock: no symlink and no non-folder on the path;
 *    compare the current hash with the base hash (the current hash is never printed);
 *    create missing folders and check the physical folder is exactly <vault>/<folders>;
 *    rename the verified temp file into place; git add + commit that one path. A failed
 *    commit puts the previous file back, so a change is never left uncommitted.
 * 3. Push, still under the lock so pushes never race; a failed push keeps the commit.
 * SIGPIPE is ignored (a vanished client must not stop the script between rename and commit)
 * and HUP/INT/TERM are ignored from the rename to the commit; an EXIT trap removes temp files.
 * Output: a marker line, or `OK <hash12> <bytes> <created|updated|unchanged> <commit>` and
 * then `PUSHED yes` or `PUSHED no <exit code> <git's lines>`.
 */
/** Phase 1: arguments, traps, request header, path re-check, then receive and verify stdin into the spool. */
export const WRITE_RECEIVE_PHASE = String.raw`trap '' PIPE
size=$2 digest=$3 prefixes=$4 push_timeout=$5 lock_wait=$6
tmp='' backup=''
# rm only when there is something to remove: a created note leaves nothing, and rm is a process.
trap '[ -z "$tmp$backup" ] || rm -f -- ${'$'}{tmp:+"$tmp"} ${'$'}{backup:+"$backup"}' EXIT
trap 'exit 6' HUP INT TERM
fail() { cat >/dev/null 2>&1; printf '%s\n' "$1"; exit "${'$'}{2:-5}"; }

IFS= read -r rel || fail '__WRITE_FAILED__ incomplete request' 7
IFS= read -r base || fail '__WRITE_FAILED__ incomplete request' 7
resolve_vault "$1" || fail "$VAULT_MISSING" 3
case $size in '' | *[!0-9]*) fail '__WRITE_FAILED__ bad byte count' 7 ;; esac
[[ $digest =~ ^[0-9a-f]{64}$ ]] || fail '__WRITE_FAILED__ bad digest' 7
[[ $base =~ ^([0-9a-f]{12})?$ ]] || fail '__BAD_ARGUMENT__ malformed base hash'

# The node refused all of these already; the host does not take that on trust.
case /$rel/ in */../* | */./* | *//* | */.* | */-* | */~*) fail '__BAD_PATH__ traversal, hidden or option-like segment' ;; esac
case $rel in *.md) ;; *) fail '__BAD_PATH__ not a .md path' ;; esac
case $rel in *'\'*) fail '__BAD_PATH__ backslash' ;; esac
[[ $rel =~ [[:cntrl:]] ]] && fail '__BAD_PATH__ control character'
under=no
IFS=, read -r -a allowed <<<"$prefixes"
for prefix in "${'$'}{allowed[@]}"; do
	case $prefix in */) ;; *) continue ;; esac
	case $rel in "$prefix"?*) under=yes ;; esac
done
[ "$under" = yes ] || fail '__BAD_PATH__ not under an allowed prefix'

spool=$gitdir/hermes-vault
[ -d "$spool" ] || mkdir -p -- "$spool" || fail '__WRITE_FAILED__ cannot create the spool folder' 7
# Leftovers of a script killed by SIGKILL (traps cannot run): removed after an hour.
leftovers=("$spool"/*)
[ -e "${'$'}{leftovers[0]}" ] && find "$spool" -maxdepth 1 -type f -mmin +60 -delete 2>/dev/null
# A fresh name, created exclusively (noclobber), with the umask's permissions.
set -C
for attempt in 1 2 3 4 5 6 7 8; do
	candidate=$spool/incoming.$$.$RANDOM$RANDOM
	if { true >"$candidate"; } 2>/dev/null; then tmp=$candidate; break; fi
done
set +C
[ -n "$tmp" ] || fail '__WRITE_FAILED__ cannot create a temp file' 7

# 1. Receive and verify.
head -c "$((size + 1))" >"$tmp" || fail '__WRITE_FAILED__ cannot store the content' 7
read -r got tmpdev < <(stat -c '%s %d' -- "$tmp")
[ "$got" = "$size" ] || fail "__WRITE_FAILED__ received $got of $size bytes" 7
sum=$(sha256sum <"$tmp") && [ "${'$'}{sum%% *}" = "$digest" ] || fail '__WRITE_FAILED__ content digest mismatch' 7
`;

/** Phase 2 and 3: compare and write under the lock, commit, push. */
const WRITE_COMMIT_PHASE = String.raw`# 2. Compare and write under the lock.
exec 9>>"$gitdir/hermes-vault.lock" || fail '__WRITE_FAILED__ cannot open the lock' 7
command -v flock >/dev/null || fail '__UNAVAILABLE__ misconfigured the host has no flock on the SSH user PATH: install util-linux (apt-get install util-linux)' 3
flock -w "$lock_wait" 9 || fail '__WRITE_FAILED__ the vault stayed locked by another write' 7

folder=$root
IFS=/ read -r -a segments <<<"$rel"
last=$((${'$'}{#segments[@]} - 1))
for ((i = 0; i < last; i++)); do
	folder=$folder/${'$'}{segments[i]}
	[ -L "$folder" ] && fail '__BAD_PATH__ a symlink is on the path'
	[ -e "$folder" ] && [ ! -d "$folder" ] && fail '__BAD_PATH__ a path segment is not a folder'
done
target=$root/$rel
[ -L "$target" ] && fail '__BAD_PATH__ the note is a symlink'
[ -e "$target" ] && [ ! -f "$target" ] && fail '__BAD_PATH__ the note is not a regular file'
# git add refuses an untracked path its ignore rules exclude: such a note could never be committed.
# check-ignore rejects literal pathspec magic; the node refuses glob and magic characters, and a wrong match could only refuse.
# Set to 0 (git reads it as false) for this one command, without an env process.
GIT_LITERAL_PATHSPECS=0 git -C "$root" check-ignore -q -- "$rel" 2>/dev/null && fail '__BAD_PATH__ the vault ignores this path (.gitignore), so a note there cannot be committed'

state=created
if [ -e "$target" ]; then
	current=$(sha256sum <"$target") || fail '__WRITE_FAILED__ cannot read the current note' 7
	current=${'$'}{current%% *}
	[ -n "$base" ] || fail '__EXISTS__'
	[ "${'$'}{current:0:12}" = "$base" ] || fail '__STALE_READ__'
	state=updated
	if [ "$current" = "$digest" ]; then
		printf 'OK %s %s unchanged %s\n' "${'$'}{digest:0:12}" "$size" "$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null)"
		exit 0
	fi
else
	[ -z "$base" ] || fail '__STALE_READ__ the note does not exist (any more)'
fi

[ -d "$folder" ] || mkdir -p -- "$folder" || fail '__WRITE_FAILED__ cannot create the folder' 7
cd -P -- "$folder" || fail '__WRITE_FAILED__ cannot enter the folder' 7
[ "$PWD" = "$folder" ] || fail '__BAD_PATH__ the folder resolves elsewhere'
# From here on the note is named relative to the checked folder we are in: a folder on the path
# swapped for a symlink meanwhile (another process on the host) cannot redirect the move or the undo.
note=./${'$'}{segments[last]}

if [ "$(stat -c %d -- .)" != "$tmpdev" ]; then
	# .git on another filesystem: stage next to the note so the final rename stays atomic.
	staged=$(mktemp -- ./.hermes-write.XXXXXX) || fail '__WRITE_FAILED__ cannot stage the note' 7
	cp -- "$tmp" "$staged" && rm -f -- "$tmp" && tmp=$staged || { rm -f -- "$staged"; fail '__WRITE_FAILED__ cannot stage the note' 7; }
fi
if [ "$state" = updated ]; then
	chmod --reference="$note" -- "$tmp"
	backup=$spool/previous.$$.$RANDOM$RANDOM
	ln -- "$note" "$backup" 2>/dev/null || cp -p -- "$note" "$backup" || fail '__WRITE_FAILED__ cannot keep the previous version' 7
fi

# git's own fallback when the vault has no user.email (configured values win over EMAIL).
export EMAIL=${'$'}{EMAIL:-hermes-vault@localhost}
trap '' HUP INT TERM
mv -f -T -- "$tmp" "$note" || fail '__WRITE_FAILED__ cannot move the note into place' 7
tmp=''
if ! err=$(git -C "$root" add -- "$rel" 2>&1 && git -c core.abbrev=12 -C "$root" commit -m "vault: write $rel" -- "$rel" 2>&1); then
	if [ "$state" = updated ]; then mv -f -T -- "$backup" "$note"; backup=''; else rm -f -- "$note"; fi
	git -C "$root" reset -q -- "$rel" >/dev/null 2>&1
	# git prints this before each of its identity refusals (no name, an empty one, useConfigOnly).
	case $err in *'Please tell me who you are'*) fail '__UNAVAILABLE__ misconfigured git has no identity for the SSH user: set one in the vault on the host (git -C <vault> config user.name "Hermes Vault"; git -C <vault> config user.email hermes-vault@<your domain>)' 3 ;; esac
	fail "__WRITE_FAILED__ git commit failed: $(printf '%s' "$err" | tail -n 1 | tr -c '[:print:]' ' ' | cut -c 1-200)" 7
fi
# git commit's summary starts with "[<branch> <abbreviated commit>] ".
commit=${'$'}{err%%]*}
commit=${'$'}{commit##* }
[[ $commit =~ ^[0-9a-f]{12,}$ ]] || commit=$(git -C "$root" rev-parse --short=12 HEAD)
trap 'exit 6' HUP INT TERM
printf 'OK %s %s %s %s\n' "${'$'}{digest:0:12}" "$size" "$state" "$commit"

# 3. Push (all unpushed commits of the branch), still under the lock.
# No terminal in this session and stdin from /dev/null: a push that would prompt fails instead.
# A failure prints git's exit code and its lines (the telling one is not always the last), for the node to judge.
if out=$(timeout -k 2 "$push_timeout" git -C "$root" push --quiet 2>&1 </dev/null); then
	printf 'PUSHED yes\n'
else
	rc=$?
	printf 'PUSHED no %s %s\n' "$rc" "$(printf '%s' "$out" | grep -v '^\s*$' | head -n 8 | tr '\n\t' '| ' | tr -c '[:print:]' ' ' | sed 's/|$//; s/|/ | /g; s/  */ /g' | cut -c 1-500)"
fi
`;

export const WRITE_SCRIPT = `${VAULT_PRELUDE}\n${WRITE_RECEIVE_PHASE}\n${WRITE_COMMIT_PHASE}\n`;
