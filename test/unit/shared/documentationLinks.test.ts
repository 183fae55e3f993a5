/** Each node's and the credential's documentation link points at a page that exists in docs/. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { HermesSshApi } from '../../../credentials/HermesSshApi.credentials';
import { GATEWAY_NODE_LIST } from '../../helpers/gatewayNodes';

const ROOT = join(__dirname, '..', '..', '..');
const BLOB = 'https://github.com/n8n-nodes-hermes/n8n-nodes-hermes/blob/main/';

function page(url: string): string {
	expect(url.startsWith(BLOB)).toBe(true);
	return join(ROOT, url.slice(BLOB.length));
}

describe.each(GATEWAY_NODE_LIST.map(([, { folder, contract }]) => [folder, contract.displayName]))('%s', (node, displayName) => {
	const codex = JSON.parse(readFileSync(join(ROOT, 'nodes', node, `${node}.node.json`), 'utf8')) as {
		resources: { primaryDocumentation: Array<{ url: string }>; credentialDocumentation: Array<{ url: string }> };
	};

	it('links its own docs page and the transport page', () => {
		const primary = page(codex.resources.primaryDocumentation[0].url);
		expect(existsSync(primary)).toBe(true);
		expect(readFileSync(primary, 'utf8')).toMatch(new RegExp(`^# ${displayName}\\n`));
		expect(existsSync(page(codex.resources.credentialDocumentation[0].url))).toBe(true);
	});
});

it('the credential links the transport page', () => {
	expect(existsSync(page(new HermesSshApi().documentationUrl))).toBe(true);
});
