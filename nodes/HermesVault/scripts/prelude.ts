import { HOST_TOOL_FIX, OLD_BASH_FUNCTION } from '../../shared/transport/hostTools';

/**
 * Bash shared by every vault script. Scripts are constants: the only values they receive
 * are `$1` = the vault path setting (validated, never agent data) and fixed numbers; agent
 * data (pattern, prefix, path, content) arrives on stdin.
 *
 * Both checks of the vault path change into it by its physical path and set `root`, or fail
 * when the setting does not name a work tree's top (a configuration fault: `__UNAVAILABLE__` in
 * state `misconfigured`):
 * - `resolve_vault` asks git where the top is, and sets `gitdir` to its git directory;
 * - `enter_vault`, for the scripts that only read, uses builtins alone, no process: the top is
 *   where `.git` is (a folder, or the file of a linked work tree), and git is kept from looking
 *   above it, so a git run there afterwards fails rather than reading an enclosing repository.
 *   It also refuses a bash older than those scripts need.
 *
 * `read_input` takes all of stdin into `input`, trailing newlines dropped as `$(cat)` would,
 * without the process.
 */
export const VAULT_PRELUDE = String.raw`set -u
export GIT_LITERAL_PATHSPECS=1 GIT_TERMINAL_PROMPT=0
${OLD_BASH_FUNCTION}
cd_vault() {
	# Without git every vault path would look like no work tree: say what is missing instead.
	command -v git >/dev/null || { VAULT_MISSING='__UNAVAILABLE__ misconfigured the host has no git on the SSH user PATH: install git (apt-get install git)'; return 1; }
	case $1 in
		'~') cd -P -- "$HOME" ;;
		'~/'*) cd -P -- "$HOME/${'$'}{1#'~/'}" ;;
		/*) cd -P -- "$1" ;;
		*) false ;;
	esac 2>/dev/null || return 1
	root=$PWD
}
resolve_vault() {
	cd_vault "$1" || return 1
	local found
	found=$(git rev-parse --show-toplevel --absolute-git-dir 2>/dev/null) || return 1
	[ "${'$'}{found%%$'\n'*}" = "$root" ] || return 1
	gitdir=${'$'}{found#*$'\n'}
}
enter_vault() {
	if old_bash "${'$'}{BASH_VERSINFO[0]}" "${'$'}{BASH_VERSINFO[1]}"; then
		VAULT_MISSING="__UNAVAILABLE__ misconfigured the host's bash is $BASH_VERSION: ${HOST_TOOL_FIX.oldBash}"
		return 1
	fi
	cd_vault "$1" || return 1
	[ -d .git ] || [ -f .git ] || return 1
	export GIT_CEILING_DIRECTORIES=${'$'}{root%/*}
}
read_input() {
	IFS= read -r -d '' input
	while [[ $input == *$'\n' ]]; do input=${'$'}{input%$'\n'}; done
}
VAULT_MISSING='__UNAVAILABLE__ misconfigured the vault path is not the top of a git work tree on the host: point the Vault Path setting at one, or create it there (git clone <remote> <vault path>)'
`;
