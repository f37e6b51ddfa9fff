import { sameSecret } from '../../shared/same-secret';
import type { IntegrationModule } from '../module';
import { avitoUserId, avitoWebhookSecret, SECRET_PARAMETER } from './account';
import { askChatName, avitoJobs } from './chat-names';
import { avitoConnection } from './connect';
import { avitoMessage, avitoText, byAccount, isOwnChat } from './inbound';
import { avitoSender, avitoSends } from './send';
import { readAvitoWebhook } from './webhook';

/**
 * Avito Messenger (reference/messengers.md §5): the chats of the owner's Avito account, reached
 * with its client-credentials token. Webhooks carry the secret in the address's query string (Avito
 * signs nothing that is documented). A customer's message is answered; one the account itself wrote
 * (`author_id == user_id`) is ours when we sent it (its id, or a send under way) and is ignored, and
 * otherwise a manager's, so the bot's stop logic applies. Avito's notices, shared listings and calls
 * are not answered. The webhook only stores and schedules: naming a chat's customer is a job.
 */
export const avitoModule: IntegrationModule = {
  type: 'avito',
  ...avitoConnection,
  inbound: {
    isProbe: (request) => readAvitoWebhook(request.body)?.kind === 'probe',
    async verify(settings, integration, request) {
      const secret = await avitoWebhookSecret(settings, integration);
      const given = request.query(SECRET_PARAMETER);
      return Boolean(secret && given && sameSecret(given, secret));
    },
    parse(integration, request) {
      const hook = readAvitoWebhook(request.body);
      if (!hook) return null;
      if (hook.kind !== 'message' || !isOwnChat(hook.message, avitoUserId(integration))) {
        return { messages: [] };
      }
      const { message } = hook;
      if (!byAccount(message)) {
        const customer = avitoMessage(message, 'customer');
        return {
          messages: customer ? [customer] : [],
          followUp: customer ? (ctx, stored) => askChatName(ctx.ports, stored.id, message.chatId) : undefined,
        };
      }
      // Whether the account's message is ours is in the store, so it is read after the parse.
      const said = avitoText(message);
      if (said === null) return { messages: [] };
      return {
        messages: [],
        followUp: async (ctx, stored, receive) => {
          if (await avitoSends.isOwn(ctx.ports.kv, stored.id, message.chatId, said, message.id)) return;
          const manager = avitoMessage(message, 'operator');
          if (manager) await receive(manager);
        },
      };
    },
  },
  sender: avitoSender,
  jobs: avitoJobs,
};
