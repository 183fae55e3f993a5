import { bytesForChars, LIMITS } from '../limits';
import { VAULT_PRELUDE } from './prelude';

/** Bytes sent at most: always enough for the character cap (4 bytes per character at most). */
export const READ_RAW_BYTES = bytesForChars(LIMITS.readChars);

/**
 * read: the note path arrives on stdin. The resolved path (symlinks followed) must stay in
 * the work tree and outside .git. The file is opened once (fd 4) and hashed, sized and read
 * through that descriptor, so hash and content belong to the same version even if a write
 * renames a new file into place meanwhile. Output: `OK <hash12> <bytes>`, then the first
 * bytes of the file.
 */
export const READ_SCRIPT = String.raw`${VAULT_PRELUDE}
resolve_vault "$1" || { printf '%s\n' "$VAULT_MISSING"; exit 3; }
rel=$(cat)
case /$rel/ in */../* | */./* | *//* | */.*) printf '%s\n' '__BAD_PATH__ traversal or hidden segment'; exit 5 ;; esac
real=$(realpath -e -- "$root/$rel" 2>/dev/null) || { printf '%s\n' '__NOT_FOUND__'; exit 4; }
case $real in
	"$root"/.git | "$root"/.git/*) printf '%s\n' '__BAD_PATH__ inside .git'; exit 5 ;;
	"$root"/*) ;;
	*) printf '%s\n' '__BAD_PATH__ the path resolves outside the vault'; exit 5 ;;
esac
[ -f "$real" ] || { printf '%s\n' '__NOT_FOUND__ not a file'; exit 4; }
exec 4<"$real" || { printf '%s\n' '__NOT_FOUND__'; exit 4; }
sum=$(sha256sum </dev/fd/4) || exit 3
size=$(stat -L -c %s /dev/fd/4) || exit 3
printf 'OK %s %s\n' "${'$'}{sum:0:12}" "$size"
head -c ${READ_RAW_BYTES} /dev/fd/4
`;
