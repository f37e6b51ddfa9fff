import type { AmoType } from '../../shared/amocrm';
import { sameSecret } from '../../shared/same-secret';
import { openConnectionSecret } from '../connection-secrets';
import type { IntegrationModule } from '../module';
import { amoAuthorizeUrl } from './account';
import { amoActions, moveAmoDeal } from './actions';
import { amoConnection, SECRET_PARAMETER } from './connect';
import { amoHandOver } from './hand-over';
import { amoMessagesToAnswer } from './inbound';
import { amoLists } from './lists';
import { amoSender } from './send';
import { readAmoWebhook } from './webhook';

/**
 * amoCRM and Kommo (SPEC §3; reference/crm.md §1), one module on two hosts. Connected by OAuth
 * (/amo/install brings the code back); customers writing into the account through any messenger
 * arrive by the account's "incoming message" webhook, whose address carries a secret (amoCRM signs
 * nothing) and is answered at once, the work done by the engine's jobs; replies go back through the
 * owner's Salesbot; a manager's message stops the bot; the bot's actions work on the chat's deal.
 */
const amoModule = (type: AmoType): IntegrationModule => ({
  type,
  ...amoConnection,
  inbound: {
    async verify(settings, integration, request) {
      const secret = await openConnectionSecret(settings.secretsKey, integration, 'webhook_secret');
      const given = request.query(SECRET_PARAMETER);
      return Boolean(secret && given && sameSecret(given, secret));
    },
    parse(_integration, request) {
      const messages = readAmoWebhook(request.body);
      if (!messages) return null;
      return {
        messages: [],
        // Which messages are answered depends on the selection and the account's other channels.
        followUp:
          messages.length === 0
            ? undefined
            : async (ctx, stored, receive) => {
                for (const message of await amoMessagesToAnswer(ctx, stored, messages))
                  await receive(message);
              },
      };
    },
  },
  sender: amoSender,
  actions: amoActions,
  moveDeal: moveAmoDeal,
  handOver: amoHandOver,
  crm: amoLists,
  authorizeUrl: amoAuthorizeUrl,
});

export const amocrmModule = amoModule('amocrm');
export const kommoModule = amoModule('kommo');
