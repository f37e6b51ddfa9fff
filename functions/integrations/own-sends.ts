import type { Kv } from '../ports/kv';
import { sha256Hex } from '../shared/sha256-hex';

/**
 * Telling a channel's echoes of our own sends from a manager's messages, for systems that echo
 * every message the account sends and mark ours in no way (Avito: `author_id == user_id` for both).
 * Ours are recognised by what was recorded: the message id the system answered, and, for an echo
 * that overtakes that answer, the chat and text of a send under way, marked before the request. The
 * send records the id before it clears the mark, and the check reads the mark before the id, so an
 * echo of ours always finds one of them. Avito and Wazzup use it.
 */

/** Echoes come within seconds; redeliveries within hours. */
const SENT_TTL_SECONDS = 2 * 24 * 60 * 60;
const PENDING_TTL_SECONDS = 10 * 60;

const digest = (text: string) => sha256Hex(text).slice(0, 32);

export function ownSends(type: string) {
  const pendingKey = (integrationId: string, chatId: string, text: string) =>
    `${type}:pending:${integrationId}:${digest(`${chatId}\n${text.trim()}`)}`;
  const sentKey = (integrationId: string, messageId: string) => `${type}:sent:${integrationId}:${messageId}`;

  return {
    /** Before the send request: a send of `text` to `chatId` is under way. */
    async starting(kv: Kv, integrationId: string, chatId: string, text: string): Promise<void> {
      await kv.incr(pendingKey(integrationId, chatId, text), PENDING_TTL_SECONDS);
    },
    /** After it: the system's message id (empty when it refused) is ours; the mark goes. */
    async taken(kv: Kv, integrationId: string, chatId: string, text: string, messageId: string) {
      if (messageId) await kv.set(sentKey(integrationId, messageId), '1', { ttlSeconds: SENT_TTL_SECONDS });
      await kv.incr(pendingKey(integrationId, chatId, text), PENDING_TTL_SECONDS, -1);
    },
    /** Whether a message the account wrote is one we sent. */
    async isOwn(kv: Kv, integrationId: string, chatId: string, text: string, messageId: string) {
      if (Number(await kv.get(pendingKey(integrationId, chatId, text))) > 0) return true;
      return (await kv.get(sentKey(integrationId, messageId))) !== null;
    },
  };
}
