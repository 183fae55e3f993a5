import { VAULT_LIMITS } from '../../../core/vault/contract';
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
 * from stdin by the builtin read (`read_input`) and handed to git on its stdin (`-f -`), so it is never part of
 * a command. Output: `OK`, then git's `--null` records `path\0line\0text\n`.
 *
 * bash's mapfile holds git's capped output (split at its NULs, joined again when sent) with
 * git's exit status as one last record, so `OK` can come first without a temporary file. Only a
 * failing git is run a second time, for its message.
 */
export const SEARCH_SCRIPT = String.raw`${VAULT_PRELUDE}
enter_vault "$1" || { printf '%s\n' "$VAULT_MISSING"; exit 3; }
# Trailing newlines dropped: a trailing empty line would be an empty pattern, which matches every line.
read_input
pattern=$input
grep_vault() { git grep --no-color --no-column --null -n -I -i -F --max-count=${SEARCH_MATCHES_REQUESTED} -f - -- <<<"$pattern"; }
mapfile -t -d '' parts < <(grep_vault 2>/dev/null | head -n ${SEARCH_RAW_LINES} | head -c ${SEARCH_RAW_BYTES + 1}; printf '\0%s' "${'$'}{PIPESTATUS[0]}")
status=${'$'}{parts[-1]}
unset 'parts[-1]'
case $status in
	0 | 1 | 141)
		printf 'OK\n'
		last=$(( ${'$'}{#parts[@]} - 1 ))
		if (( last > 0 )); then printf '%s\0' "${'$'}{parts[@]:0:last}"; fi
		printf '%s' "${'$'}{parts[last]}"
		;;
	*)
		err=$(grep_vault 2>&1 >/dev/null | head -c 300 | tr -c '[:print:]' ' ')
		printf '__UNAVAILABLE__ git grep failed (%s): %s\n' "$status" "$err"
		exit 3
		;;
esac
`;
