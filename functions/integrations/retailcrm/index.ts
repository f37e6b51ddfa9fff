import { sameSecret } from '../../shared/same-secret';
import { openConnectionSecret } from '../connection-secrets';
import type { IntegrationModule } from '../module';
import { moveRetailOrder, retailActions } from './actions';
import { retailConnection } from './connect';
import { retailHandOver } from './hand-over';
import { retailLists } from './lists';
import { readMgFrame } from './mg-events';
import { retailSender } from './send';
import { STREAM_SECRET_HEADER } from './stream';

/**
 * RetailCRM (SPEC §3; reference/crm.md §3), connected from its marketplace ("simple connection":
 * the account's address, API key and a token signed with the module's secret wait in the owner's
 * browser until a signed-in user confirms). Connecting registers the module with a chat gateway bot;
 * the gateway's event stream (stream.ts) brings customers' and managers' messages, the bot answers
 * in the chat, a manager's message stops it. The bot's actions work on the dialogue's order.
 */
export const retailcrmModule: IntegrationModule = {
  type: 'retailcrm',
  ...retailConnection,
  inbound: {
    async verify(settings, integration, request) {
      const saved = await openConnectionSecret(settings.secretsKey, integration, 'webhook_secret');
      const given = request.header(STREAM_SECRET_HEADER);
      return Boolean(saved && given && sameSecret(given, saved));
    },
    parse(_integration, request) {
      const messages = readMgFrame(request.body);
      return messages ? { messages } : null;
    },
  },
  sender: retailSender,
  actions: retailActions,
  moveDeal: moveRetailOrder,
  handOver: retailHandOver,
  crm: retailLists,
};
