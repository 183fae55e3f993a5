import { configWithoutCloudSupport } from '@n8n/node-cli/eslint';

// The gateway nodes need `ssh2` at runtime, so this package targets self-hosted n8n (see
// CONTRIBUTING.md, "Repository lint"): the cloud-only rules and strict mode are off, every other
// rule holds for nodes/ and credentials/.
export default [
	// The CLI package's manifest is not an n8n package's: the n8n package.json rules do not apply.
	{ ignores: ['generator/dist/**', 'generator/templates/**', 'generator/package.json'] },
	...configWithoutCloudSupport,
	{
		// ssh2 is the node package's one runtime dependency (why it is self-hosted only); the
		// CLI workspace is a plain npm package that n8n never installs.
		files: ['package.json'],
		rules: { '@n8n/community-nodes/no-runtime-dependencies': 'off' },
	},
	{
		// Tests and the generator CLI are plain Node programs that n8n never loads: tests start
		// sshd/Prometheus/n8n and the CLI throws its own errors. The two rules that guard code
		// running inside n8n's process do not apply there; every other rule still does.
		files: ['test/**/*.ts', 'generator/**/*.ts'],
		rules: {
			'@n8n/community-nodes/no-dangerous-functions': 'off',
			'@n8n/community-nodes/require-node-api-error': 'off',
		},
	},
	{
		// Test fixtures hold throwaway secrets for services the test itself starts (a test
		// n8n's encryption key and owner password, stand-in API keys).
		files: ['test/**/*.ts'],
		rules: { '@n8n/community-nodes/no-hardcoded-secrets': 'off' },
	},
];
