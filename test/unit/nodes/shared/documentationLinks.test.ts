/** Every documentation link of a node's codex and of a credential points at a page that exists in docs/. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { HermesOdooApi } from '../../../../credentials/HermesOdooApi.credentials';
import { HermesOdooApiKeyApi } from '../../../../credentials/HermesOdooApiKeyApi.credentials';
import { HermesSshApi } from '../../../../credentials/HermesSshApi.credentials';
import { ALL_NODES } from '../../../helpers/allNodes';

const ROOT = join(__dirname, '..', '..', '..', '..');
const BLOB = 'https://github.com/n8n-nodes-hermes/n8n-nodes-hermes/blob/main/';

type Codex = { resources: Record<string, Array<{ url: string }>> };
const codexLinks = ALL_NODES.flatMap(({ folder }) => {
	const codex = JSON.parse(readFileSync(join(ROOT, 'nodes', folder, `${folder}.node.json`), 'utf8')) as Codex;
	return Object.values(codex.resources).flatMap((links) => links.map(({ url }) => [folder, url] as const));
});
const credentialLinks = [new HermesSshApi(), new HermesOdooApi(), new HermesOdooApiKeyApi()].map((c) => [c.name, c.documentationUrl] as const);

test.each([...codexLinks, ...credentialLinks])('%s links %s, a page of the repository', (_owner, url) => {
	expect(url.startsWith(BLOB)).toBe(true);
	expect(existsSync(join(ROOT, url.slice(BLOB.length)))).toBe(true);
});
