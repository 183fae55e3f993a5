/** The e2e suite (helpers/mcpToolsSuite.ts) against a stack pushed with the default gateway mode, `subworkflow`. */
import { describeMcpTools } from './helpers/mcpToolsSuite';

describeMcpTools('subworkflow');
