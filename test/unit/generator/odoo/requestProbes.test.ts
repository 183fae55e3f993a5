/**
 * check-odoo sends each create and update once the way the Hermes Odoo node does,
 * harmlessly (a create of an empty list, a write to a record that does not exist), and reports a
 * request shape the server refuses. Against an Odoo that takes the node's requests nothing is
 * reported and nothing changes; against one that refuses them (here: the same Odoo behind a proxy
 * that rewrites each create and write into the keyword form a real Odoo 18 refuses, as the node
 * sent them before it passed values by position), every tool that writes that way is named.
 *
 * Real: check-odoo's client, HTTP on 127.0.0.1. Stand-in: the Odoo server (test/harness/odoo,
 * held to real Odoo 18 and 19 recordings by test/unit/harness/odoo), and the rewriting proxy.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { checkOdooSchema, type OdooLogin } from '../../../../generator/odoo/checkSchema';
import type { OdooRequirements } from '../../../../generator/odoo/requirements';
import { formatReport } from '../../../../generator/odoo/report';
import { startOdooStandIn, type OdooStandIn } from '../../../harness/odoo';

const requirements: OdooRequirements = {
	models: [
		{ tool: 'create_project', model: 'project.project' },
		{ tool: 'update_project', model: 'project.project' },
		{ tool: 'update_task', model: 'project.task' },
		{ tool: 'list_tasks', model: 'project.task' },
	],
	access: [
		{ tool: 'create_project', model: 'project.project', mode: 'create' },
		{ tool: 'update_project', model: 'project.project', mode: 'write' },
		{ tool: 'update_task', model: 'project.task', mode: 'write' },
		{ tool: 'list_tasks', model: 'project.task', mode: 'read' },
	],
	fields: [{ tool: 'update_task', model: 'project.task', field: 'name', types: ['char'] }],
};

let odoo: OdooStandIn;
let proxy: Server | undefined;
beforeEach(async () => {
	odoo = await startOdooStandIn();
});
afterEach(async () => {
	await odoo.stop();
	await new Promise<void>((done) => (proxy ? proxy.close(() => done()) : done()));
	proxy = undefined;
});

const login = (url = odoo.url): OdooLogin => ({ url, db: odoo.login.db, protocol: 'jsonrpc', login: odoo.login.username, secret: odoo.login.password });
const snapshot = () => JSON.stringify(['project.project', 'project.task'].map((m) => odoo.store.all(m)));

/** A proxy that sends create's and write's values by keyword, as Odoo 18 refuses them. */
async function keywordProxy(): Promise<string> {
	proxy = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { params: { args: unknown[] } };
			const args = body.params.args;
			if (args[4] === 'create') body.params.args = [...args.slice(0, 5), [], { vals_list: (args[5] as unknown[])[0] }];
			if (args[4] === 'write') body.params.args = [...args.slice(0, 5), [(args[5] as unknown[])[0]], { vals: (args[5] as unknown[])[1] }];
			void fetch(`${odoo.url}/jsonrpc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
				.then(async (answer) => res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(await answer.text()))
				.catch(() => res.destroy());
		});
	});
	await new Promise<void>((done) => proxy!.listen(0, '127.0.0.1', () => done()));
	return `http://127.0.0.1:${(proxy!.address() as AddressInfo).port}`;
}

test('requests Odoo takes: no problem, one probe per model and right, nothing created or changed', async () => {
	const before = snapshot();
	const report = await checkOdooSchema(login(), requirements);
	expect(report).toMatchObject({ ok: true, problems: [] });
	const probes = odoo.calls.filter((c) => c.modelMethod === 'create' || c.modelMethod === 'write').map((c) => [c.model, c.modelMethod, c.ids, c.params, c.error]);
	expect(probes).toEqual([
		['project.project', 'create', undefined, { vals_list: [] }, undefined],
		['project.project', 'write', [2147483647], { vals: { name: 'hermes-workflows check-odoo' } }, 'odoo.exceptions.MissingError'],
		['project.task', 'write', [2147483647], { vals: { name: 'hermes-workflows check-odoo' } }, 'odoo.exceptions.MissingError'],
	]);
	expect(snapshot()).toBe(before);
});

test('requests Odoo refuses: each tool that writes that way is named with Odoo\'s exception, and nothing changed', async () => {
	const url = await keywordProxy();
	const before = snapshot();
	const report = await checkOdooSchema(login(url), requirements);
	expect(report.ok).toBe(false);
	expect(report.problems.map((p) => [p.tool, p.kind, p.message])).toEqual([
		['create_project', 'refused-request', 'Odoo refuses the create request the Hermes Odoo node sends on project.project (IndexError: tuple index out of range)'],
		['update_project', 'refused-request', "Odoo refuses the write request the Hermes Odoo node sends on project.project (TypeError: Project.write() got an unexpected keyword argument 'vals')"],
	]);
	expect(report.problems.map((p) => p.fix)).toEqual(['update n8n-nodes-hermes', 'update n8n-nodes-hermes']);
	expect(report.tools).toContainEqual({ tool: 'update_task', ok: true });
	expect(formatReport(report, 'text')).toContain('2 of 4 Odoo tools send a request this Odoo refuses');
	expect(snapshot()).toBe(before);
});

test('a right the user lacks is reported once, and its probe is not sent', async () => {
	odoo.store.refuseAccess('project.project', ['create']);
	const report = await checkOdooSchema(login(), requirements);
	expect(report.problems.map((p) => [p.tool, p.kind])).toEqual([['create_project', 'no-access']]);
	expect(odoo.calls.filter((c) => c.model === 'project.project' && c.modelMethod === 'create')).toEqual([]);
});
