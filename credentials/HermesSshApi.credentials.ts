import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

import { SSH_CREDENTIAL } from '../core/gatewayContract';
import { CREDENTIAL_DISPLAY_NAMES } from '../core/credentialTypes';

/**
 * SSH access for the Hermes gateway nodes. The host key is pinned by its SHA256 fingerprint;
 * accepting any host key is an explicit opt-out that defaults to off. Tested by the nodes'
 * `hermesSshConnectionTest`, which really connects.
 */
export class HermesSshApi implements ICredentialType {
	name = SSH_CREDENTIAL.type;

	displayName = CREDENTIAL_DISPLAY_NAMES.hermesSshApi;

	icon: Icon = { light: 'file:hermesSsh.svg', dark: 'file:hermesSsh.dark.svg' };

	// The package README (shown on npm) documents the credential.
	documentationUrl = 'https://github.com/n8n-nodes-hermes/n8n-nodes-hermes/blob/main/docs/transport.md';

	properties: INodeProperties[] = [
		{
			displayName: 'Host',
			name: 'host',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'vps.example.com',
		},
		{
			displayName: 'Port',
			name: 'port',
			type: 'number',
			default: 22,
			typeOptions: { minValue: 1, maxValue: 65535 },
		},
		{
			displayName: 'Username',
			name: 'username',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Authentication',
			name: 'authMethod',
			type: 'options',
			options: [
				{ name: 'Private Key', value: 'privateKey' },
				{ name: 'Password', value: 'password' },
			],
			default: 'privateKey',
		},
		{
			displayName: 'Private Key',
			name: 'privateKey',
			type: 'string',
			typeOptions: { password: true, rows: 4 },
			default: '',
			description: 'The whole private key in OpenSSH or PEM form, including the BEGIN and END lines',
			displayOptions: { show: { authMethod: ['privateKey'] } },
		},
		{
			displayName: 'Passphrase',
			name: 'passphrase',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Passphrase of the private key, if it has one',
			displayOptions: { show: { authMethod: ['privateKey'] } },
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			displayOptions: { show: { authMethod: ['password'] } },
		},
		{
			displayName: 'Host Key Fingerprint',
			name: 'hostKeyFingerprint',
			type: 'string',
			default: '',
			placeholder: 'SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s',
			description:
				'SHA256 fingerprint of the server\'s host key, as printed on the host by <code>ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub</code>. Several may be given, separated by commas. The connection is refused when the server presents another key.',
		},
		{
			displayName: 'Accept Any Host Key',
			name: 'acceptAnyHostKey',
			type: 'boolean',
			default: false,
			description:
				'Whether to connect without checking the host key when no fingerprint is set. Unsafe: anyone who can intercept the connection can impersonate the host.',
		},
	];
}
