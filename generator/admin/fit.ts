/**
 * Cuts an admin answer to ADMIN_CAPS.chars, as n8n expression code (it runs inside n8n).
 *
 * The size is that of the text the agent receives: n8n's Call n8n Workflow tool returns the
 * sub-workflow's items as JSON indented by two spaces, inside a list. Parts are cut in passes,
 * each pass a function giving its candidates `{ holder, key, level, group, name }` (`level`: the
 * indentation of the holder's entries, to estimate what a cut saves without measuring the whole
 * answer again); a pass cuts its biggest candidates first, or in the order given when it is a
 * `tail` (rows, items: the last go first). What was cut is named in `omitted` by group, with
 * `truncated: true` and the tool's hint. The estimate only decides when to measure: the answer
 * is measured again before it is returned as fitting.
 */
import { ADMIN_CAPS } from './caps';

/** `(answer, passes, hint) => answer`, cut in place until it fits ADMIN_CAPS.chars. */
export const FIT = String.raw`((answer, passes, hint) => {
	const cap = ${ADMIN_CAPS.chars};
	const groups = [];
	const cuts = [];
	const listed = (g) => g.names.length ? ': ' + g.names.join(', ') + (g.count > g.names.length ? ' and ' + (g.count - g.names.length) + ' more' : '') : '';
	const lines = () => groups.filter((g) => g.count > 0).map((g) => g.label + (g.count === 1 && !g.names.length ? '' : ' (' + g.count + listed(g) + ')') + ', ' + g.chars + ' characters');
	const measure = () => JSON.stringify([answer], null, 2).length;
	let size = measure();
	if (size <= cap) return answer;
	answer.truncated = true;
	answer.omitted = [];
	answer.hint = hint;
	size = measure();
	const fits = () => {
		if (size > cap) return false;
		answer.omitted = lines();
		size = measure();
		return size <= cap;
	};
	const cut = (part) => {
		if (Array.isArray(part.holder)) part.holder.splice(part.key, 1);
		else delete part.holder[part.key];
		let group = groups.find((g) => g.label === part.group);
		if (!group) {
			group = { label: part.group, names: [], count: 0, chars: 0 };
			groups.push(group);
			size += part.group.length + 40;
		}
		group.count += 1;
		group.chars += part.chars;
		if (part.name && group.names.length < ${ADMIN_CAPS.names}) {
			group.names.push(part.name);
			size += part.name.length + 2;
		}
		size -= part.saves;
		cuts.push(part);
	};
	const restore = (part) => {
		part.holder[part.key] = part.value;
		const group = groups.find((g) => g.label === part.group);
		group.count -= 1;
		group.chars -= part.chars;
		group.names = group.names.filter((name) => name !== part.name);
	};
	let done = fits();
	for (const pass of passes) {
		if (done) break;
		const parts = pass.parts().map((part) => {
			const value = part.holder[part.key];
			const text = JSON.stringify(value, null, 2) ?? '';
			const breaks = text.split('\n').length - 1;
			const name = String(part.name ?? '').slice(0, 60);
			return { ...part, value, name, chars: text.length, saves: text.length + 2 * part.level * (breaks + 1) + String(part.key).length + 4 };
		});
		if (!pass.tail) parts.sort((a, b) => b.saves - a.saves);
		for (const part of parts) {
			done = fits();
			if (done) break;
			cut(part);
		}
		done = done || fits();
	}
	// The last cut may have left room: put back the smallest cut parts that fit, where their holder is still in the answer.
	const reachable = () => {
		const seen = new Set();
		const walk = (value) => {
			if (!value || typeof value !== 'object' || seen.has(value)) return;
			seen.add(value);
			Object.values(value).forEach(walk);
		};
		walk(answer);
		return seen;
	};
	let seen = reachable();
	for (const part of cuts.filter((c) => !Array.isArray(c.holder)).sort((a, b) => a.saves - b.saves)) {
		if (size + part.saves > cap) break;
		if (!seen.has(part.holder)) continue;
		restore(part);
		answer.omitted = lines();
		const restored = measure();
		if (restored > cap) {
			delete part.holder[part.key];
			cut(part);
			break;
		}
		size = restored;
		seen = reachable();
	}
	answer.omitted = lines();
	return answer;
})`;
