import { and, eq } from 'drizzle-orm';
import { type Chat, type Integration, integrations, type Message } from '../../db/schema';
import type { EngineContext } from '../engine/context';

/** What a delivery may do besides sending. */
export interface DeliveryTools {
  note(key: string, text: string): Promise<void>;
}

/** The outbound half of a channel adapter (ARCHITECTURE §6): what the engine sends through it. */
export interface ChannelSender {
  /** The customer reads the stored dialogue itself (Check): a stored message counts as delivered. */
  deliversByStoring?: boolean;
  /**
   * The sender sends a message's files itself (uploads, media links, the widget's previews);
   * otherwise the engine appends the files' links to the text (channels/attachments.ts).
   */
  sendsAttachments?: boolean;
  /**
   * Sends a stored outgoing message to the customer: the bot's reply, or an operator's answer from
   * the chats screen. Called once per message, after it is stored. A channel that refused it for
   * good (WhatsApp's closed 24-hour window) says why with `note`, a system line in the dialogue
   * written once per `key`, and returns: a throw would only be retried.
   */
  deliver(ctx: EngineContext, chat: Chat, message: Message, tools?: DeliveryTools): Promise<void>;
  /**
   * Says why no answer came (a gate refused, the model failed). Only the Check screen shows this,
   * to the bot's owner; real channels keep silent towards their customers.
   */
  explain(ctx: EngineContext, chat: Chat, text: string, historyId: string): Promise<void>;
}

/** The integration a chat came through, when it still exists. */
export async function integrationOfChat(ctx: EngineContext, chat: Chat): Promise<Integration | undefined> {
  if (!chat.integrationId) return undefined;
  const [row] = await ctx.ports.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, chat.integrationId), eq(integrations.accountId, chat.accountId)));
  return row;
}
