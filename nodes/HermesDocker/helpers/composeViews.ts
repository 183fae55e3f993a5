import type { IDataObject } from 'n8n-workflow';

/**
 * Compose's own views, `compose ps --all` and `compose ls --all`, rebuilt from the Docker Engine
 * API's container list the way compose builds them: a stack is the containers carrying its
 * project label. The records have compose's `--format json` field names, so one set of answers
 * reads both ways.
 */
export const COMPOSE_PROJECT_LABEL = 'com.docker.compose.project';
const COMPOSE_SERVICE_LABEL = 'com.docker.compose.service';

/** The fields of one entry of `GET /containers/json` that the views read. */
export interface EngineContainer {
	Id?: string;
	Names?: string[];
	Image?: string;
	State?: string;
	Status?: string;
	Labels?: Record<string, string> | null;
}

/** The engine's container list filtered to one project (`all` includes stopped containers, as `--all`). */
export function containerListPath(project?: string): string {
	const label = project === undefined ? COMPOSE_PROJECT_LABEL : `${COMPOSE_PROJECT_LABEL}=${project}`;
	return `/containers/json?all=1&filters=${encodeURIComponent(JSON.stringify({ label: [label] }))}`;
}

/** The engine writes health into a running container's status text: "Up 2 minutes (healthy)". */
const HEALTH_IN_STATUS = /\((healthy|unhealthy|health: starting)\)$/;

function health(container: EngineContainer): string {
	if (container.State !== 'running') return '';
	const said = HEALTH_IN_STATUS.exec(container.Status ?? '')?.[1];
	return said === 'health: starting' ? 'starting' : (said ?? '');
}

/** The one name without a link path ("/web-app-1", not "/other/alias"), as compose picks it. */
function canonicalName(container: EngineContainer): string {
	const names = container.Names ?? [];
	const own = names.find((name) => name.lastIndexOf('/') === 0);
	if (own) return own.slice(1);
	if (names.length) return names[0].replace(/^\//, '');
	return (container.Id ?? '').slice(0, 12);
}

/** Byte order, as Go's sort of strings. */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function asContainers(body: unknown): EngineContainer[] {
	if (!Array.isArray(body) || !body.every((entry) => typeof entry === 'object' && entry !== null)) throw new TypeError('the container list is not an array of objects');
	return body as EngineContainer[];
}

/** `compose ps --all --format json` for the containers of one project, by name. */
export function composePs(body: unknown): IDataObject[] {
	return asContainers(body)
		.map((container) => ({
			Name: canonicalName(container),
			Service: container.Labels?.[COMPOSE_SERVICE_LABEL] ?? '',
			State: container.State ?? '',
			Status: container.Status ?? '',
			Health: health(container),
			Image: container.Image ?? '',
		}))
		.sort((a, b) => byteOrder(a.Name, b.Name));
}

/** "exited(1), running(2)": each state's count, states in order. */
function combinedStatus(states: string[]): string {
	const counts = new Map<string, number>();
	for (const state of states) counts.set(state, (counts.get(state) ?? 0) + 1);
	return [...counts.keys()]
		.sort(byteOrder)
		.map((state) => `${state}(${counts.get(state)})`)
		.join(', ');
}

/** `compose ls --all --format json` for every container that carries a project label, by name. */
export function composeLs(body: unknown): IDataObject[] {
	const states = new Map<string, string[]>();
	for (const container of asContainers(body)) {
		const project = container.Labels?.[COMPOSE_PROJECT_LABEL];
		if (project === undefined) continue;
		states.set(project, [...(states.get(project) ?? []), container.State ?? '']);
	}
	return [...states.keys()].sort(byteOrder).map((project) => ({ Name: project, Status: combinedStatus(states.get(project)!) }));
}
