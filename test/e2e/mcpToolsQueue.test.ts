/**
 * The e2e suite (helpers/mcpToolsSuite.ts) against n8n in queue mode: main, 2 workers and a
 * webhook process over PostgreSQL and Redis, all real; every tools/call is run by a worker.
 */
import { describeMcpTools } from './helpers/mcpToolsSuite';

describeMcpTools('subworkflow', 'queue');
