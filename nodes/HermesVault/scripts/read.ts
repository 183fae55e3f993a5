import { VAULT_LIMITS } from '../contract';
import { bytesForChars } from '../helpers/limits';
import { VAULT_PRELUDE } from './prelude';

/** Bytes sent at most: always enough for the character cap (4 bytes per character at most). */
export const READ_RAW_BYTES = bytesForChars(VAULT_LIMITS.readChars);

/**
 * read: the note path arrives on stdin. The file is opened once (fd 4); where that open landed
 * (symlinks followed) must be in the work tree and outside .git. It is read (and, when longer
 * than the bytes sent, hashed and sized) through that descriptor, so hash and content belong
 * to the same version even if a write renames a new file into place meanwhile.
 * Output: `OK - -`, then the first READ_RAW_BYTES bytes of the file. Only a longer file gets a
 * trailer right after those bytes: `<hash12> <bytes>` (a bad trailer if hashing failed). A
 * note sent whole is hashed and sized by the node from the bytes it received, which spares the
 * host a process for each (most notes are far below the cap); the output's length tells the
 * two apart.
 */
export const READ_SCRIPT = String.raw`${VAULT_PRELUDE}
resolve_vault "$1" || { printf '%s\n' "$VAULT_MISSING"; exit 3; }
# The builtin read instead of $(cat): the same text (trailing newlines dropped), one process less.
IFS= read -r -d '' rel
while [[ $rel == *$'\n' ]]; do rel=${'$'}{rel%$'\n'}; done
case /$rel/ in */../* | */./* | *//* | */.*) printf '%s\n' '__BAD_PATH__ traversal or hidden segment'; exit 5 ;; esac
# Refuses a resolved path outside the work tree or inside .git.
inside() {
	case $1 in
		"$root"/.git | "$root"/.git/*) printf '%s\n' '__BAD_PATH__ inside .git'; exit 5 ;;
		"$root"/*) ;;
		*) printf '%s\n' '__BAD_PATH__ the path resolves outside the vault'; exit 5 ;;
	esac
}
[ -e "$root/$rel" ] || { printf '%s\n' '__NOT_FOUND__'; exit 4; }
# A folder or FIFO is never opened (a FIFO would block): judged by its resolved name, then refused.
if [ ! -f "$root/$rel" ]; then inside "$(realpath -e -- "$root/$rel" 2>/dev/null)"; printf '%s\n' '__NOT_FOUND__ not a file'; exit 4; fi
exec 4<"$root/$rel" 2>/dev/null || { printf '%s\n' '__NOT_FOUND__'; exit 4; }
# Judged by where the opened file lives: a folder swapped for a symlink after the open changes nothing.
real=$(realpath -e /dev/fd/4 2>/dev/null) || { printf '%s\n' '__NOT_FOUND__'; exit 4; }
inside "$real"
[ -f /dev/fd/4 ] || { printf '%s\n' '__NOT_FOUND__ not a file'; exit 4; }
printf 'OK - -\n'
# head reads from fd 4 itself and stops exactly after the bytes it sends, so a builtin read of
# one more byte (C locale: a byte, NUL included) tells whether the file is longer.
head -c ${READ_RAW_BYTES} <&4
if LC_ALL=C IFS= read -r -d '' -n 1 -u 4 _; then
	sum=$(sha256sum </dev/fd/4) && size=$(stat -L -c %s /dev/fd/4) || { printf '\n'; exit 3; }
	printf '%s %s\n' "${'$'}{sum:0:12}" "$size"
fi
`;
