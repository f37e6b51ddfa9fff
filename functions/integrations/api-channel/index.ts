import { API_CHANNEL_SIGNATURE_HEADER } from '../../shared/api-channel';
import type { IntegrationModule } from '../module';
import { revealSecret, rotateSecret, signingSecretOf } from './account';
import { apiChannelConnection } from './connect';
import { readApiChannelInbound } from './contract';
import { apiChannelDeadLetters } from './dead-letters';
import { deliverCallbackJob } from './deliver-job';
import { apiChannelMessage, receiveOperatorMessage } from './inbound';
import { DELIVER_JOB } from './outbox';
import { apiChannelSender } from './send';
import { signatureMatches } from './signature';

/**
 * The open API channel (issue #24 §5, docs/channels/api-channel.md): for aggregators and systems without a
 * public protocol of their own. The account's system POSTs each message to the integration's
 * webhook, signed with HMAC-SHA256 over the raw body; `message_id` makes a redelivery a no-op. A
 * customer's message is answered; an operator's applies the bot's stop logic (our own replies
 * echoed back are ignored). Replies, operators' messages from Chats and stops go to the account's
 * callback URL through an outbox, signed the same way, retried with backoff, dead letters kept.
 */
export const apiChannelModule: IntegrationModule = {
  type: 'api_channel',
  ...apiChannelConnection,
  inbound: {
    async verify(settings, integration, request) {
      const secret = await signingSecretOf(settings, integration);
      return (
        Boolean(secret) &&
        signatureMatches(secret as string, request.raw, request.header(API_CHANNEL_SIGNATURE_HEADER))
      );
    },
    parse(_integration, request) {
      const message = readApiChannelInbound(request.body);
      if (!message) return null;
      if (message.author === 'customer') return { messages: [apiChannelMessage(message)] };
      // Whether an operator's message is our own echo is in the outbox: read after the messages.
      return {
        messages: [],
        followUp: (ctx, stored, receive) => receiveOperatorMessage(ctx, stored, receive, message),
      };
    },
  },
  sender: apiChannelSender,
  jobs: { [DELIVER_JOB]: deliverCallbackJob },
  signingSecret: { reveal: revealSecret, rotate: rotateSecret },
  deadLetters: apiChannelDeadLetters,
};
