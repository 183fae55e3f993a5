/**
 * The e2e suite (helpers/mcpToolsSuite.ts) against a stack pushed with `odooMode: 'hermes'`: the 23 Odoo tools run the
 * Hermes Odoo node, over JSON-RPC and again over JSON-2, each write read back from the Odoo stand-in (held to real Odoo 18
 * and 19 recordings by test/unit/harness/odoo).
 */
import { describeMcpTools } from './helpers/mcpToolsSuite';

describeMcpTools('subworkflow', 'regular', 'hermes');
