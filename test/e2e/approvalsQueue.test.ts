/**
 * Approvals in n8n's queue mode (main, 2 workers and a webhook process over PostgreSQL and
 * Redis), notified on Telegram through the Bot API stand-in. The page is served by the webhook
 * process and the gates run on the workers. See helpers/approvalsSuite.ts.
 */
import { describeApprovals } from './helpers/approvalsSuite';

describeApprovals('queue', 'telegram');
