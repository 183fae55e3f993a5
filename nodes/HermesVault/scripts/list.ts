import { VAULT_LIMITS } from '../../../core/vault/contract';
import { VAULT_PRELUDE } from './prelude';

/**
 * list: tracked files, optionally under a folder prefix read from stdin (a literal pathspec:
 * GIT_LITERAL_PATHSPECS is set by the prelude). Output: `OK <total>`, then at most cap + 1
 * NUL-terminated paths (the extra one tells the node the list was capped).
 *
 * One `git ls-files`, held by bash's mapfile, gives both the total and the paths sent; its exit
 * status follows as one last record without a NUL, so a failing git is told from an empty list.
 */
export const LIST_SCRIPT = String.raw`${VAULT_PRELUDE}
enter_vault "$1" || { printf '%s\n' "$VAULT_MISSING"; exit 3; }
read_input
if [ -n "$input" ]; then set -- -- "$input"; else set -- --; fi
mapfile -t -d '' files < <(git ls-files -z "$@"; printf '%s' "$?")
status=${'$'}{files[-1]}
unset 'files[-1]'
[ "$status" = 0 ] || { printf '%s\n' '__UNAVAILABLE__ git ls-files failed'; exit 3; }
printf 'OK %s\n' "${'$'}{#files[@]}"
if (( ${'$'}{#files[@]} )); then printf '%s\0' "${'$'}{files[@]:0:${VAULT_LIMITS.listEntries + 1}}"; fi
`;
