/**
 * The e2e suite (helpers/mcpToolsSuite.ts) with `gatewayMode: 'direct'` in queue mode: main, 2
 * workers and a webhook process over PostgreSQL and Redis, all real. A worker runs each gateway
 * node as the tool itself (no sub-workflow), with the request the MCP trigger handed it.
 */
import { describeMcpTools } from './helpers/mcpToolsSuite';

describeMcpTools('direct', 'queue');
