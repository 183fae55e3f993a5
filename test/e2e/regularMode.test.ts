/**
 * The MCP tools suite (helpers/mcpToolsSuite.ts) and approvals (helpers/approvalsSuite.ts) in n8n
 * 2.41.1's regular mode (one process, SQLite), on ONE n8n, one suite after another; each suite
 * pushes its own deployment and leaves n8n empty for the next (helpers/sharedN8n.ts):
 * - the MCP tools suite with sub-workflow gateways and with `gatewayMode: 'direct'`; in both the
 *   23 Odoo tools run the Hermes Odoo node, over JSON-RPC and again over JSON-2, each write read
 *   back from the Odoo stand-in, held to real Odoo 18 and 19 recordings by test/unit/harness/odoo;
 * - the exporter scraped by the stack's real Prometheus, with the generated alert rules
 *   (helpers/exporterSuite.ts);
 * - approvals notified by email through a real SMTP server (the Odoo gates check each call with
 *   the Hermes Odoo node's own read, its __NOT_FOUND__ for a missing record, and delete with it).
 */
import { startN8n } from '../harness/n8n';
import { describeApprovals } from './helpers/approvalsSuite';
import { describeExporter } from './helpers/exporterSuite';
import { describeMcpTools } from './helpers/mcpToolsSuite';
import { REPO_ROOT } from './helpers/repoRoot';
import { sharedN8n } from './helpers/sharedN8n';

const regular = sharedN8n(() => startN8n({ repoRoot: REPO_ROOT }));

afterAll(() => regular.stop(), 120_000);

describe('MCP tools, sub-workflow gateways', () => describeMcpTools('subworkflow', 'regular', regular.lease));
describe("MCP tools, gatewayMode 'direct'", () => describeMcpTools('direct', 'regular', regular.lease));
describe('the exporter and alert rules', () => describeExporter(regular.lease));
describe('approvals, email', () => describeApprovals('regular', 'email', regular.lease));
