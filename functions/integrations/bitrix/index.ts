import { sameSecret } from '../../shared/same-secret';
import { openConnectionSecret } from '../connection-secrets';
import type { IntegrationModule } from '../module';
import { bitrixActions, moveBitrixDeal } from './actions';
import { bitrixConnection } from './connect';
import { bitrixHandOver } from './hand-over';
import { bitrixLists } from './lists';
import { bitrixSender } from './send';
import { eventApplicationToken, readBitrixEvent } from './webhook';

/**
 * Bitrix24 (SPEC §3; reference/crm.md §2), installed as an application: the install hands the
 * portal's tokens to the owner's browser as a sealed ticket (install.ts) until a signed-in user
 * confirms; connecting registers an Open Lines chat bot whose events arrive here, verified by the
 * application token saved at install. Customers writing through any connector of an open line are
 * answered by the bot; an operator's message stops it; when it stops, the chat goes to an operator.
 * The bot's actions work on the chat's deal.
 */
export const bitrixModule: IntegrationModule = {
  type: 'bitrix',
  ...bitrixConnection,
  inbound: {
    async verify(settings, integration, request) {
      const saved = await openConnectionSecret(settings.secretsKey, integration, 'application_token');
      const given = eventApplicationToken(request.body);
      return Boolean(saved && given && sameSecret(given, saved));
    },
    parse(_integration, request) {
      const event = readBitrixEvent(request.body);
      if (!event) return null;
      if (event.kind === 'revoked') return { messages: [], revoked: true };
      return { messages: event.kind === 'message' ? [event.message] : [] };
    },
  },
  sender: bitrixSender,
  actions: bitrixActions,
  moveDeal: moveBitrixDeal,
  handOver: bitrixHandOver,
  crm: bitrixLists,
};
