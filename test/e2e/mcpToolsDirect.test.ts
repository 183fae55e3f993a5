/** The same e2e suite (helpers/mcpToolsSuite.ts) against a stack pushed with `gatewayMode: 'direct'`. */
import { describeMcpTools } from './helpers/mcpToolsSuite';

describeMcpTools('direct');
