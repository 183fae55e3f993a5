/**
 * Approvals with `odooMode: 'hermes'` in n8n's regular mode, notified by email through a real
 * SMTP server: the Odoo gates check each call with the Hermes Odoo node's own read (its
 * __NOT_FOUND__ for a missing record) and delete with it. See helpers/approvalsSuite.ts for what
 * is real and what is a stand-in.
 */
import { describeApprovals } from './helpers/approvalsSuite';

describeApprovals('regular', 'email', 'hermes');
