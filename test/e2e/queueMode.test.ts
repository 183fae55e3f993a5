/**
 * Every queue-mode suite on n8n 2.41.1, on ONE queue-mode n8n (PostgreSQL, Redis, main, 2
 * workers and a webhook process, all real), one suite after another; each suite pushes its own
 * deployment and leaves n8n empty for the next (helpers/sharedN8n.ts):
 * - the MCP tools suite (helpers/mcpToolsSuite.ts) with sub-workflow gateways and with
 *   `gatewayMode: 'direct'` (a worker runs each gateway node as the tool itself, with the request
 *   the MCP trigger handed it); the Hermes Odoo node on each worker keeps its own Odoo login, so
 *   the stand-in sees at most one login per worker; every tools/call is run by a worker;
 * - the exporter and the alert rules (helpers/exporterSuite.ts): the exporter reads what the
 *   workers saved, the real Prometheus fires the alert, the agent reads it back;
 * - approvals (helpers/approvalsSuite.ts), notified on Telegram through the Bot API stand-in: the
 *   page is served by the webhook process and the gates run on the workers;
 * - what only queue mode has (helpers/queueStackSuite.ts), which kills a worker last;
 * - doctor (helpers/doctorQueueSuite.ts) with the surviving worker, then with none.
 */
import { startQueueN8n } from '../harness/queue/stack';
import { describeApprovals } from './helpers/approvalsSuite';
import { describeDoctorQueue } from './helpers/doctorQueueSuite';
import { describeExporter } from './helpers/exporterSuite';
import { describeMcpTools } from './helpers/mcpToolsSuite';
import { describeQueueStack } from './helpers/queueStackSuite';
import { sharedN8n } from './helpers/sharedN8n';

const queue = sharedN8n(() => startQueueN8n({ workers: 2, webhook: true }));

afterAll(() => queue.stop(), 120_000);

describe('MCP tools, sub-workflow gateways', () => describeMcpTools('subworkflow', 'queue', queue.lease));
describe("MCP tools, gatewayMode 'direct'", () => describeMcpTools('direct', 'queue', queue.lease));
describe('the exporter and alert rules', () => describeExporter(queue.lease));
describe('approvals, Telegram', () => describeApprovals('queue', 'telegram', queue.lease));
// Last but one: it kills a worker.
describe('queue mode itself', () => describeQueueStack(queue.lease));
// Last: it kills the workers left.
describe('doctor', () => describeDoctorQueue(queue.lease));
