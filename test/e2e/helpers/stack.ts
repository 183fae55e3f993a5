/**
 * The whole Hermes stack on 127.0.0.1, as a user deploys it, for the e2e suite, the latency
 * bench and `npm run demo`:
 * - real: n8n 2.41.1 with the built package installed as a community package, OpenSSH sshd,
 *   a git vault with a bare remote, Debian's Prometheus;
 * - stand-ins (none can run here): the Odoo server (test/harness/odoo), the `docker` command
 *   (test/harness/dockerStandIn, named by the deployment config's docker.command), and the content pipeline
 *   (a real n8n workflow posting to a local recorder).
 * Credentials are created through n8n's public API under the names the deployment config
 * gives, then `hermes-workflows push` deploys the generated workflows exactly as a user runs it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { HERMES_ODOO_CREDENTIALS } from '../../../core';
import type { GatewayMode } from '../../../generator/config';
import { createDockerStandIn, type DockerStandIn } from '../../harness/dockerStandIn';
import { createGitVault, type GitVault } from '../../harness/gitVault';
import { startN8n, type N8nHandle } from '../../harness/n8n';
import { startOdooStandIn, type OdooStandIn } from '../../harness/odoo';
import { startPrometheus, type PrometheusHandle } from '../../harness/prometheus';
import { startSshd, type SshdHandle } from '../../harness/sshd';
import { contentPipelineStub, startPayloadRecorder, type PayloadRecorder } from './contentPipelineStub';
import { connectMcp, waitForMcpEndpoint, type McpSession } from './mcp';
import { createCredential, createPublishedWorkflow } from './n8nRest';
import { runCli, type CliResult } from './cli';
import { REPO_ROOT } from './repoRoot';

/** Names in the deployment config; the credentials are created under these names. */
export const STACK_NAMES = {
	bearer: 'Hermes MCP Bearer',
	ssh: 'Hermes SSH',
	odoo: 'Odoo',
	mcpPath: 'hermes-tools',
	pipeline: 'Telegram Content Pipeline',
} as const;

export interface HermesStack<H extends N8nHandle = N8nHandle> {
	n8n: H;
	sshd: SshdHandle;
	vault: GitVault;
	prometheus: PrometheusHandle;
	docker: DockerStandIn;
	odoo: OdooStandIn;
	pipeline: PayloadRecorder;
	pipelineWorkflowId: string;
	/** n8n's timezone (what `$today` uses). */
	timezone: string;
	/** Bearer token of the MCP endpoint. */
	token: string;
	mcpUrl: string;
	/** The deployment config file given to `push`. */
	configFile: string;
	/** What the first `push` printed. */
	push: CliResult;
	/** Runs `hermes-workflows <args>` against this n8n (url, key and config added). */
	cli(command: string, ...args: string[]): Promise<CliResult>;
	stop(): Promise<void>;
}

export interface StackOptions {
	/** Progress lines (the demo prints them). */
	log?: (line: string) => void;
	/** Fixed bearer token (the demo lets the user choose one). */
	token?: string;
	/**
	 * Starts the n8n the workflows are pushed to (default: regular mode, `startN8n`). The
	 * queue-mode tests pass `startQueueN8n`: main's handle is N8nHandle-compatible.
	 */
	startN8n?: () => Promise<N8nHandle>;
	/**
	 * Return the stack even when `push` fails (default: throw): the caller reads `push` itself
	 * (the routing proof, whose own probes need the stack whatever push did); the MCP endpoint is
	 * then not waited for.
	 */
	pushMayFail?: boolean;
	/** The deployment config's gatewayMode (default: the config's own default, subworkflow). */
	gatewayMode?: GatewayMode;
	/** The deployment's endpoint (default hermes-tools): the demo takes one of its own, so a project's default one fits beside it. */
	mcpPath?: string;
	/** More deployment config (e.g. `approvals`), over the stack's own; a function gets the started n8n. */
	config?: Record<string, unknown> | ((n8n: N8nHandle) => Record<string, unknown>);
	/** Runs after the stack's credentials exist and before `push` (e.g. to create a notification credential). */
	beforePush?: (n8n: N8nHandle) => Promise<void>;
	/**
	 * Aborts the start between its steps (the demo on SIGINT/SIGTERM): what has started is stopped
	 * and the start rejects with the signal's reason. A step under way finishes first.
	 */
	signal?: AbortSignal;
}

/** Seed notes beyond the vault harness's own (README.md, research/seed.md, inbox/todo.md). */
export const VAULT_NOTES: Record<string, string> = {
	'research/hermes-latency.md': '# Latency notes\n\nThe gateway keeps one pooled SSH connection per credential.\n',
	'projects/website.md': '# Website\n\nMigration to the new CMS is planned for the spring.\n',
};

function writeDeploymentConfig(
	dir: string,
	stack: { vault: GitVault; prometheus: PrometheusHandle; docker: DockerStandIn; pipelineWorkflowId: string },
	modes: Pick<StackOptions, 'gatewayMode' | 'mcpPath'>,
	extra: Record<string, unknown> = {},
): string {
	const config = {
		...(modes.gatewayMode ? { gatewayMode: modes.gatewayMode } : {}),
		mcpPath: modes.mcpPath ?? STACK_NAMES.mcpPath,
		nodeTypePrefix: 'n8n-nodes-hermes',
		credentials: { odoo: STACK_NAMES.odoo, ssh: STACK_NAMES.ssh, bearer: STACK_NAMES.bearer },
		odooCredentialType: 'odooApi',
		pipelineWorkflow: { name: STACK_NAMES.pipeline, id: stack.pipelineWorkflowId },
		vault: { path: stack.vault.root, writePrefixes: ['research/', 'inbox/'] },
		prometheusUrl: stack.prometheus.url,
		// The deployment config points the Docker gateway at the stand-in, as a user would at their docker binary.
		docker: { command: stack.docker.command, protectedStacks: ['security-stack'] },
		...extra,
	};
	const file = join(dir, 'hermes.config.json');
	writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
	return file;
}

/**
 * The SSH credential body the public API takes: n8n 2.20 rejects a field the `authMethod` hides,
 * even when empty (`password` next to `authMethod: privateKey`), so it gets only the shown fields
 * (2.41 ignores hidden ones).
 */
function sshCredentialBody(data: Record<string, unknown>): Record<string, unknown> {
	const hidden = data.authMethod === 'password' ? ['privateKey', 'passphrase'] : ['password'];
	return Object.fromEntries(Object.entries(data).filter(([key]) => !hidden.includes(key)));
}

async function n8nTimezone(n8n: N8nHandle): Promise<string> {
	const response = await fetch(`${n8n.baseUrl}/rest/settings`, { headers: { cookie: n8n.cookie } });
	const settings = (await response.json()) as { data?: { timezone?: string } };
	if (!settings.data?.timezone) throw new Error(`n8n /rest/settings has no timezone (HTTP ${response.status})`);
	return settings.data.timezone;
}

/** Starts services in parallel; every one that started is registered for stopping, even when another failed. */
async function allStarted<T extends readonly Promise<{ stop(): Promise<void> }>[]>(
	stops: Array<() => Promise<void> | void>,
	starting: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
	const settled = await Promise.allSettled(starting);
	for (const outcome of settled) if (outcome.status === 'fulfilled') stops.push(() => outcome.value.stop());
	const failed = settled.find((outcome) => outcome.status === 'rejected');
	if (failed) throw (failed as PromiseRejectedResult).reason;
	return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

export async function startHermesStack<H extends N8nHandle = N8nHandle>(options: StackOptions & { startN8n?: () => Promise<H> } = {}): Promise<HermesStack<H>> {
	const log = options.log ?? (() => undefined);
	const checkpoint = () => options.signal?.throwIfAborted();
	const stops: Array<() => Promise<void> | void> = [];
	let stopped: Promise<void> | undefined;
	const stopAll = () =>
		(stopped ??= (async () => {
			for (const stop of [...stops].reverse()) await Promise.resolve(stop()).catch(() => undefined);
		})());
	try {
		const work = mkdtempSync(join(tmpdir(), 'hermes-stack-'));
		stops.push(() => rmSync(work, { recursive: true, force: true }));

		const docker = createDockerStandIn();
		stops.push(() => docker.remove());
		const vault = createGitVault();
		stops.push(() => vault.remove());
		vault.commitFiles(VAULT_NOTES, 'e2e notes');

		log('starting sshd, Prometheus, the Odoo stand-in and the pipeline recorder');
		const [sshd, prometheus, odoo, pipeline] = await allStarted(stops, [
			startSshd(),
			startPrometheus(),
			startOdooStandIn(),
			startPayloadRecorder(),
		] as const);
		checkpoint();

		log('starting n8n with the built package installed (15-40 s)');
		const n8n = (await (options.startN8n ? options.startN8n() : startN8n({ repoRoot: REPO_ROOT }))) as H;
		stops.push(() => n8n.stop());
		checkpoint();

		const timezone = await n8nTimezone(n8n);
		const token = options.token ?? randomBytes(24).toString('hex');
		await createCredential(n8n, STACK_NAMES.bearer, 'httpBearerAuth', { token });
		// The pinned host key of the real sshd: a mismatch would refuse the connection.
		await createCredential(n8n, STACK_NAMES.ssh, 'hermesSshApi', sshCredentialBody(sshd.credentials));
		// The Hermes Odoo credential, and n8n's own Odoo credential under the same name, as an operator
		// whose deployment ran n8n's Odoo node has both: push wires each node's credential by type and name.
		await createCredential(n8n, STACK_NAMES.odoo, 'odooApi', odoo.odooApiCredential);
		await createCredential(n8n, STACK_NAMES.odoo, HERMES_ODOO_CREDENTIALS.odooApi, odoo.odooApiCredential);
		const pipelineWorkflowId = await createPublishedWorkflow(n8n, contentPipelineStub(pipeline.url, STACK_NAMES.pipeline));

		await options.beforePush?.(n8n);
		checkpoint();
		const configFile = writeDeploymentConfig(work, { vault, prometheus, docker, pipelineWorkflowId }, options, typeof options.config === 'function' ? options.config(n8n) : options.config);
		const cli = (command: string, ...args: string[]) =>
			runCli([command, '--url', n8n.baseUrl, '--api-key', n8n.apiKey, '--config', configFile, ...args]);
		log('hermes-workflows push');
		let push = await cli('push');
		// Seen once in many boots, on 2.41.1 in queue mode on a loaded machine: n8n's publish check
		// threw inside its own parameter validation ("Error validating node parameters") for one
		// node that validates on every other boot. push is idempotent: one more run publishes.
		if (push.code !== 0 && push.stderr.includes('Error validating node parameters')) {
			log(`push refused by a failed validation inside n8n, pushing again:\n${push.stderr}`);
			push = await cli('push');
		}
		if (push.code !== 0 && !options.pushMayFail) throw new Error(`push exited ${push.code}:\n${push.stdout}\n${push.stderr}`);

		const mcpUrl = `${n8n.baseUrl}/mcp/${options.mcpPath ?? STACK_NAMES.mcpPath}`;
		if (push.code === 0) await waitForMcpEndpoint(mcpUrl);
		checkpoint();
		return { n8n, sshd, vault, prometheus, docker, odoo, pipeline, pipelineWorkflowId, timezone, token, mcpUrl, configFile, push, cli, stop: stopAll };
	} catch (error) {
		await stopAll();
		throw error;
	}
}

/** The stack plus an MCP SDK session on its endpoint (what the e2e and the latency bench use). */
export async function startStackWithClient<H extends N8nHandle = N8nHandle>(
	options: StackOptions & { startN8n?: () => Promise<H> } = {},
): Promise<{ stack: HermesStack<H>; mcp: McpSession; stop(): Promise<void> }> {
	const stack = await startHermesStack<H>(options);
	try {
		const mcp = await connectMcp(stack.mcpUrl, stack.token);
		return {
			stack,
			mcp,
			stop: async () => {
				await mcp.close();
				await stack.stop();
			},
		};
	} catch (error) {
		await stack.stop();
		throw error;
	}
}
