import { VAULT_LIMITS } from '../contract';
import { VAULT_PRELUDE } from './prelude';

/**
 * list: tracked files, optionally under a folder prefix read from stdin (a literal pathspec:
 * GIT_LITERAL_PATHSPECS is set by the prelude). Output: `OK <total>`, then at most cap + 1
 * NUL-terminated paths (the extra one tells the node the list was capped).
 */
export const LIST_SCRIPT = String.raw`${VAULT_PRELUDE}
resolve_vault "$1" || { printf '%s\n' "$VAULT_MISSING"; exit 3; }
cd -- "$root" || exit 3
prefix=$(cat)
if [ -n "$prefix" ]; then set -- -- "$prefix"; else set -- --; fi
total=$(git ls-files -z "$@" | tr -cd '\000' | wc -c) || { printf '%s\n' '__UNAVAILABLE__ git ls-files failed'; exit 3; }
printf 'OK %s\n' "$total"
git ls-files -z "$@" | head -z -n ${VAULT_LIMITS.listEntries + 1}
`;
