import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { hermesSshConnectionTest } from '../shared/credentialTest';
import { errorAnswer } from '../shared/markers';
import { runPerItem } from '../shared/runItems';
import { remoteRunner } from '../shared/remoteRunner';
import { TransportError, type RemoteResult } from '../shared/transport/types';
import {
	answerFrom,
	listAnswer,
	LOG_CAPS,
	logsAnswer,
	manageAnswer,
	resolveTarget,
	statusAnswer,
	usableConfigFiles,
	type CommandOutput,
} from './dockerAnswer';
import { LIST_SCRIPT, LOGS_SCRIPT, MANAGE_SCRIPTS, RESOLVE_SCRIPT, STATUS_SCRIPT } from './remoteScripts';
import { checkAction, checkSettings, checkStack, isManageAction } from './validate';
import { DOCKER } from './contract';

const READ_SECONDS = 30;
/** `update` pulls images: give it time. */
const MANAGE_SECONDS = 300;

const asOutput = (result: RemoteResult): CommandOutput => ({
	stdout: result.stdout.toString('utf8'),
	stderr: result.stderr,
	exitCode: result.exitCode,
});

export class HermesDocker implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Hermes Docker',
		name: DOCKER.type,
		icon: { light: 'file:hermesDocker.svg', dark: 'file:hermesDocker.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["action"] + ": " + $parameter["stack"] }}',
		description:
			'Reads (status, logs, list) or manages (start, stop, restart, update = pull + up -d) a Docker compose stack on an SSH host, addressed as docker compose --project-name <stack>. Protected stacks are refused, also when Docker resolves the target to them.',
		defaults: { name: 'Hermes Docker' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }],
		properties: [
			{
				displayName: 'Action',
				name: DOCKER.params.action,
				type: 'options',
				options: [
					{ name: 'List', value: 'list', description: 'Compose stacks Docker knows, with their status', action: 'List stacks' },
					{ name: 'Logs', value: 'logs', description: `Last ${LOG_CAPS.tailLines} log lines of a stack, capped`, action: 'Read stack logs' },
					{ name: 'Restart', value: 'restart', description: 'Restart the stack containers', action: 'Restart a stack' },
					{ name: 'Start', value: 'start', description: 'Start the stack containers', action: 'Start a stack' },
					{ name: 'Status', value: 'status', description: 'Containers of a stack and their state', action: 'Get stack status' },
					{ name: 'Stop', value: 'stop', description: 'Stop the stack containers', action: 'Stop a stack' },
					{ name: 'Update', value: 'update', description: 'Pull images then up -d, with the compose files Docker recorded', action: 'Update a stack' },
				],
				default: 'status',
			},
			{
				displayName: 'Stack',
				name: DOCKER.params.stack,
				type: 'string',
				default: '',
				placeholder: 'my-stack',
				description: 'Compose project name: lower-case letters, digits, _ and -. Not needed for List.',
			},
			{
				displayName: 'Docker Command',
				name: DOCKER.params.dockerCommand,
				type: 'string',
				default: 'docker',
				description:
					'Docker CLI on the host: a command name or an absolute path, one word (wrap sudo in a script). A bad value answers __UNAVAILABLE__ (tell the operator).',
			},
			{
				displayName: 'Allowed Actions',
				name: DOCKER.params.allowedActions,
				type: 'string',
				default: 'status,logs,list,start,stop,restart,update',
				description:
					'Comma-separated whitelist; any other action is refused with __BAD_ACTION__. An unknown entry or an empty list makes the node answer __UNAVAILABLE__ (tell the operator).',
			},
			{
				displayName: 'Protected Stacks',
				name: DOCKER.params.protectedStacks,
				type: 'string',
				default: 'security-stack',
				description:
					'Comma-separated stacks that can never be actioned (__PROTECTED__), matched case-insensitively, and also when a container name or ID resolves to them. An entry that is not a stack name makes the node answer __UNAVAILABLE__ (tell the operator).',
			},
		],
	};

	methods = { credentialTest: { hermesSshConnectionTest } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const remote = remoteRunner(this);
		const run = async (script: string, args: string[], readOnly: boolean) =>
			asOutput(await remote({ script, args, readOnly, timeoutSeconds: readOnly ? READ_SECONDS : MANAGE_SECONDS }));

		return runPerItem(this, async (itemIndex): Promise<IDataObject> => {
			// The settings first: a misconfigured node is the operator's fault whatever the agent sent.
			const settings = checkSettings({
				dockerCommand: this.getNodeParameter(DOCKER.params.dockerCommand, itemIndex, ''),
				allowedActions: this.getNodeParameter(DOCKER.params.allowedActions, itemIndex, ''),
				protectedStacks: this.getNodeParameter(DOCKER.params.protectedStacks, itemIndex, ''),
			});
			if (!settings.ok) return { ...settings.answer };
			const { docker, allowed, protectedStacks } = settings.value;
			const action = checkAction(this.getNodeParameter(DOCKER.params.action, itemIndex, ''), allowed);
			if (!action.ok) return { ...action.answer };

			if (action.value === 'list') {
				return answerFrom(await run(LIST_SCRIPT, [docker], true), listAnswer);
			}

			const stack = checkStack(this.getNodeParameter(DOCKER.params.stack, itemIndex, ''), protectedStacks);
			if (!stack.ok) return { ...stack.answer };

			if (action.value === 'status') {
				const output = await run(STATUS_SCRIPT, [docker, stack.value], true);
				return answerFrom(output, (o) => statusAnswer(stack.value, o));
			}
			if (action.value === 'logs') {
				const args = [docker, stack.value, String(LOG_CAPS.tailLines), String(LOG_CAPS.chars + 1)];
				return answerFrom(await run(LOGS_SCRIPT, args, true), (o) => logsAnswer(stack.value, o));
			}
			if (!isManageAction(action.value)) return { ...errorAnswer('__BAD_ACTION__') };

			// The whole manage path is one-shot: neither the check nor the action is retried.
			const resolution = await run(RESOLVE_SCRIPT, [docker, stack.value], false);
			const resolved = resolveTarget(stack.value, protectedStacks, resolution);
			if (!resolved.ok) return { ...resolved.answer };
			let files: string[] = [];
			if (action.value === 'update') {
				const usable = usableConfigFiles(stack.value, resolved.configFiles);
				if (!Array.isArray(usable)) return { ...usable };
				files = usable;
			}
			const manage = action.value;
			const outcome = await run(MANAGE_SCRIPTS[manage], [docker, stack.value, ...files], false).then(
				(output) => ({ output }),
				(error: unknown) => ({ error }),
			);
			if ('error' in outcome) {
				const { error } = outcome;
				// Lost or timed out once started: the action may have run. A plain "retry" could run it twice.
				if (error instanceof TransportError && (error.kind === 'dropped' || error.kind === 'timeout')) {
					return {
						...errorAnswer(
							'__UNAVAILABLE__',
							`${error.message}. The ${manage} of "${stack.value}" may have been carried out: check it with action "status" before running it again.`,
						),
					};
				}
				throw error;
			}
			return answerFrom(outcome.output, (o) => manageAnswer(manage, stack.value, o));
		});
	}
}
