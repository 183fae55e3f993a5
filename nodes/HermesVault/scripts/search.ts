import { VAULT_LIMITS } from '../contract';
import { VAULT_PRELUDE } from './prelude';

/**
 * Per-file matches requested from git: one more than the cap, so the node can tell that a
 * file was capped (and set `truncated`) without another command.
 */
export const SEARCH_MATCHES_REQUESTED = VAULT_LIMITS.searchMatchesPerFile + 1;

/**
 * Raw lines that are always enough to decide whether more than `searchLines` matches remain
 * once each file is cut to its cap: every file drops at most one line of the raw output.
 */
export const SEARCH_RAW_LINES =
	Math.ceil((VAULT_LIMITS.searchLines + 1) / VAULT_LIMITS.searchMatchesPerFile) * SEARCH_MATCHES_REQUESTED;

/**
 * Bytes of raw output kept (long minified lines are cut by the node anyway). The host sends one
 * byte more, so the node can tell a cut that falls exactly on a record end from no cut at all.
 */
export const SEARCH_RAW_BYTES = 1_048_576;

/**
 * search: fixed-string, case-insensitive `git grep` over tracked files. The pattern is read
 * from stdin by git itself (`-f -`), so it is never part of a command. Output: `OK`, then
 * git's `--null` records `path\0line\0text\n`.
 */
export const SEARCH_SCRIPT = String.raw`${VAULT_PRELUDE}
resolve_vault "$1" || { printf '%s\n' "$VAULT_MISSING"; exit 3; }
cd -- "$root" || exit 3
out=$(mktemp) || { printf '%s\n' '__UNAVAILABLE__ no temporary file on the host'; exit 3; }
trap 'rm -f -- "$out"' EXIT
git grep --no-color --no-column --null -n -I -i -F --max-count=${SEARCH_MATCHES_REQUESTED} -f - -- 2>"$out.err" \
	| head -n ${SEARCH_RAW_LINES} | head -c ${SEARCH_RAW_BYTES + 1} >"$out"
status=${'$'}{PIPESTATUS[0]}
err=$(head -c 300 -- "$out.err" | tr -c '[:print:]' ' '); rm -f -- "$out.err"
case $status in
	0 | 1 | 141) printf 'OK\n'; cat -- "$out" ;;
	*) printf '__UNAVAILABLE__ git grep failed (%s): %s\n' "$status" "$err"; exit 3 ;;
esac
`;
