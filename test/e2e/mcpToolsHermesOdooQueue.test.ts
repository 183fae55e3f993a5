/**
 * The e2e suite (helpers/mcpToolsSuite.ts) with `odooMode: 'hermes'` against n8n in queue mode
 * (main, 2 workers and a webhook process over PostgreSQL and Redis): each worker keeps its own
 * Odoo login, so the stand-in sees at most one login per worker.
 */
import { describeMcpTools } from './helpers/mcpToolsSuite';

describeMcpTools('subworkflow', 'queue', 'hermes');
