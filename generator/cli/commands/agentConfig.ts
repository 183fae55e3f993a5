/**
 * `hermes-workflows agent-config`: prints what an MCP client needs for every endpoint the config
 * deploys (the tool workflow and each toolset): the Hermes Agent's `mcp_servers:` entries
 * (`--for hermes`, limited to exactly the generated tools) or the `mcpServers` JSON other clients
 * read (`--for mcp-json`). Tokens are never printed: each endpoint's bearer header names the
 * environment variable the client reads it from. Exit 0, or 2 on bad input.
 */
import { Option, type Command } from 'commander';

import { EXIT, UsageError } from '../../errors';
import { printsArtifact } from '../configSource';
import { processExit, processIo, type CommandIo, type Exit, type OutputFormat } from '../io';
import { configOption, formatOption } from '../options';
import { runCommand } from '../run';

export interface AgentConfigOptions {
	for?: string;
	url?: string;
	config?: string;
	format?: OutputFormat;
}

export function runAgentConfig(options: AgentConfigOptions, io: CommandIo = processIo): Promise<number> {
	return runCommand(io, options.format, async () => {
		// Loaded when the command runs, so other commands start without them.
		const [{ loadProject }, { AGENT_CONFIG_FORMS, hermesAgentConfig, mcpEndpoints, mcpJsonConfig }] = await Promise.all([
			import('../../project'),
			import('../../agentConfig'),
		]);
		const form = options.for ?? 'hermes';
		if (!(AGENT_CONFIG_FORMS as readonly string[]).includes(form)) {
			throw new UsageError(`unknown --for ${JSON.stringify(form)}`, `use one of: ${AGENT_CONFIG_FORMS.join(', ')}`);
		}
		const project = loadProject(options.config);
		const base = options.url ?? io.env.N8N_API_URL ?? project.config.approvals?.publicUrl;
		if (!base) throw new UsageError('no n8n URL', 'pass --url with n8n\'s URL as the agent reaches it (e.g. https://n8n.example.com), or set N8N_API_URL');
		let endpoints;
		try {
			endpoints = mcpEndpoints(project.tools, project.config, base);
		} catch (error) {
			if (error instanceof TypeError) throw new UsageError(`bad --url: ${error.message}`, "give n8n's base URL, e.g. https://n8n.example.com");
			throw error;
		}
		const config = form === 'hermes' ? hermesAgentConfig(endpoints) : mcpJsonConfig(endpoints);
		if (options.format === 'json') io.stdout(`${JSON.stringify({ ok: true, for: form, endpoints, config }, null, 2)}\n`);
		else io.stdout(typeof config === 'string' ? config : `${JSON.stringify(config, null, 2)}\n`);
		return EXIT.ok;
	});
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	printsArtifact(program.command('agent-config'))
		.description("print an MCP client's config for every endpoint of this deployment (tool workflow, toolsets, admin channel); tokens as environment variable names only")
		.addOption(new Option('--for <client>', 'hermes: the Hermes Agent config.yaml mcp_servers entries; mcp-json: the mcpServers JSON of other clients').choices(['hermes', 'mcp-json']).default('hermes'))
		.option('--url <url>', "n8n's URL as the agent reaches it (default: env N8N_API_URL, else approvals.publicUrl)")
		.addOption(configOption())
		.addOption(formatOption())
		.addHelpText(
			'after',
			"\nEach endpoint's token is read from MCP_<PATH>_API_KEY (the Bearer credential's token). After a push that changes a tool schema, reload the clients (/reload-mcp in the Hermes Agent).\n--for hermes: a server that can change things is trust: untrusted (the agent asks before each call); with a toolset of tools 'readOnly' and one of tools 'changing' in the config, the agent gets those two servers instead of the tool workflow, and asks about changes only. Each server's timeout is its slowest tool's.\nExit: 0 printed, 2 bad config or options.",
		)
		.action(async (options: AgentConfigOptions) => {
			exit(await runAgentConfig(options, io));
		});
}
