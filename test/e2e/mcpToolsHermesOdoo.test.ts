/** The e2e suite (helpers/mcpToolsSuite.ts) against a stack pushed with `odooMode: 'hermes'`: the 23 Odoo tools run the Hermes Odoo node. */
import { describeMcpTools } from './helpers/mcpToolsSuite';

describeMcpTools('subworkflow', 'regular', 'hermes');
