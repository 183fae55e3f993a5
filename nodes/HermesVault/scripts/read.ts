import { VAULT_LIMITS } from '../../../core/vault/contract';
import { bytesForChars } from '../helpers/limits';
import { VAULT_PRELUDE } from './prelude';

/** Bytes sent at most: always enough for the character cap (4 bytes per character at most). */
export const READ_RAW_BYTES = bytesForChars(VAULT_LIMITS.readChars);

/**
 * read: the note path arrives on stdin. The script changes into the note's folder by its
 * physical path and opens the note there (fd 4), so a folder swapped for a symlink after that
 * changes nothing: the open is relative to the folder entered. The opened file must be in the
 * work tree and outside .git, judged by the folder and, where the note is a symlink or no longer
 * the folder's entry, by where the open landed. The file is read (and, when longer than the
 * bytes sent, hashed and sized) through that descriptor, so hash and content belong to the same
 * version even if a write renames a new file into place meanwhile.
 * Output: `OK - -`, then the first READ_RAW_BYTES bytes of the file. Only a longer file gets a
 * trailer right after those bytes: `<hash12> <bytes>` (a bad trailer if hashing failed). A
 * note sent whole is hashed and sized by the node from the bytes it received, which spares the
 * host a process for each (most notes are far below the cap); the output's length tells the
 * two apart.
 *
 * A note that is a plain file below the cap without NUL bytes (nearly every note) costs no
 * process beyond the script's bash: paths are resolved with `cd -P`, and the text is read and
 * sent by bash's own `read` and `printf`. Only a symlink, a NUL byte or a longer note starts
 * `realpath`, `head` or the hashing tools.
 */
export const READ_SCRIPT = String.raw`${VAULT_PRELUDE}
# Bytes, not characters, for read -n and the lengths below.
export LC_ALL=C
enter_vault "$1" || { printf '%s\n' "$VAULT_MISSING"; exit 3; }
read_input
rel=$input
case /$rel/ in */../* | */./* | *//* | */.*) printf '%s\n' '__BAD_PATH__ traversal or hidden segment'; exit 5 ;; esac
# Refuses a resolved path outside the work tree or inside .git.
inside() {
	case $1 in
		"$root"/.git | "$root"/.git/*) printf '%s\n' '__BAD_PATH__ inside .git'; exit 5 ;;
		"$root"/*) ;;
		*) printf '%s\n' '__BAD_PATH__ the path resolves outside the vault'; exit 5 ;;
	esac
}
[ -e "$rel" ] || { printf '%s\n' '__NOT_FOUND__'; exit 4; }
# A folder or FIFO is never opened (a FIFO would block): judged by its resolved name, then refused.
if [ ! -f "$rel" ]; then inside "$(realpath -e -- "$root/$rel" 2>/dev/null)"; printf '%s\n' '__NOT_FOUND__ not a file'; exit 4; fi
name=${'$'}{rel##*/}
if [[ $rel == */* ]]; then cd -P -- "${'$'}{rel%/*}" 2>/dev/null || { printf '%s\n' '__NOT_FOUND__'; exit 4; }; fi
inside "$PWD/$name"
exec 4<"./$name" 2>/dev/null || { printf '%s\n' '__NOT_FOUND__'; exit 4; }
# Still the folder's own entry and no symlink: the opened file is in the folder entered.
# Otherwise it is judged by where the open landed.
if [ -L "./$name" ] || ! [ /dev/fd/4 -ef "./$name" ]; then
	real=$(realpath -e /dev/fd/4 2>/dev/null) || { printf '%s\n' '__NOT_FOUND__'; exit 4; }
	inside "$real"
fi
[ -f /dev/fd/4 ] || { printf '%s\n' '__NOT_FOUND__ not a file'; exit 4; }
printf 'OK - -\n'
# read stops at the first NUL byte, which bash cannot hold: a shorter text that is not the end
# of the file means one, and the bytes are sent by head from a new descriptor of the same file.
if IFS= read -r -d '' -n ${READ_RAW_BYTES} -u 4 text; then
	if (( ${'$'}{#text} < ${READ_RAW_BYTES} )); then
		exec 4</dev/fd/4
		head -c ${READ_RAW_BYTES} <&4
	else
		printf '%s' "$text"
	fi
else
	# The end of the file came first: the whole note, nothing more to tell.
	printf '%s' "$text"
	exit 0
fi
# One more byte (NUL included) tells whether the file is longer than the bytes sent.
if IFS= read -r -d '' -n 1 -u 4 _; then
	sum=$(sha256sum </dev/fd/4) && size=$(stat -L -c %s /dev/fd/4) || { printf '\n'; exit 3; }
	printf '%s %s\n' "${'$'}{sum:0:12}" "$size"
fi
`;
