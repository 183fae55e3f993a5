/**
 * Approvals in n8n's regular mode (one process, SQLite), notified by email through a real SMTP
 * server. See helpers/approvalsSuite.ts for what is real and what is a stand-in.
 */
import { describeApprovals } from './helpers/approvalsSuite';

describeApprovals('regular', 'email');
