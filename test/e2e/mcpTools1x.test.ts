/**
 * The e2e suite (helpers/mcpToolsSuite.ts) on n8n 1.123.81, the newest 1.x the registry serves,
 * with the config's `n8nVersion: '1.x'`: push, tools/list, every tool called once and answered by
 * its own node. 1.x runs the Odoo tools only with `odooMode: 'hermes'` (its Odoo node has
 * version 1 only; generate refuses native mode for 1.x with that reason).
 */
import { N8N_1X_VERSION } from '../harness/n8n/cache';
import { describeMcpTools } from './helpers/mcpToolsSuite';

describeMcpTools('subworkflow', 'regular', 'hermes', { version: N8N_1X_VERSION, line: '1.x' });
