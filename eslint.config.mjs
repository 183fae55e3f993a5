import { configWithoutCloudSupport } from '@n8n/node-cli/eslint';

// The gateway nodes need `ssh2` at runtime, so this package targets self-hosted n8n
// (see README, "Lint"): the cloud-only rules and strict mode are off, every other rule holds.
export default configWithoutCloudSupport;
