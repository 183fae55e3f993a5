/**
 * Stand-in for the `Telegram Content Pipeline` workflow the content gateway hands off to. It is
 * a real n8n workflow (fixtures/content-pipeline-stub.json: Execute Workflow Trigger -> HTTP
 * Request) that POSTs whatever it receives to a recorder on 127.0.0.1 run by the test, so a test
 * can prove the payload reached the pipeline.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { REPO_ROOT } from './repoRoot';

export interface PayloadRecorder {
	url: string;
	/** Parsed JSON bodies received, in order. */
	received: unknown[];
	stop(): Promise<void>;
}

export async function startPayloadRecorder(): Promise<PayloadRecorder> {
	const received: unknown[] = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			let body: unknown;
			try {
				body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
			} catch {
				res.writeHead(400).end();
				return;
			}
			received.push(body);
			res.writeHead(200, { 'Content-Type': 'application/json' });
			// What the stub pipeline answers its caller: accepted, with the recorder's sequence number.
			res.end(JSON.stringify({ success: true, pipeline: 'stub', sequence: received.length }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/pipeline`,
		received,
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** The stub workflow body for `POST /api/v1/workflows`, posting to `recorderUrl`. */
export function contentPipelineStub(recorderUrl: string, name = 'Telegram Content Pipeline'): Record<string, unknown> {
	const raw = readFileSync(join(REPO_ROOT, 'test', 'e2e', 'fixtures', 'content-pipeline-stub.json'), 'utf8');
	const workflow = JSON.parse(raw.replace('__RECORDER_URL__', recorderUrl)) as Record<string, unknown>;
	return { ...workflow, name };
}
