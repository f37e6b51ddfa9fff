import type { Currency } from '../../../functions/shared/constants';
import type { MessageAttachment } from '../components/MessageAttachments';
import { CHATS_LIVE_PATH } from './chats';
import { api } from './client';
import { useLiveRoom } from './live';
import { useApi } from './swr';

export type CheckAuthor = 'customer' | 'operator' | 'bot' | 'system';
export type ChatState = 'working' | 'stopped' | 'paused';

/** One message of the check dialogue; a bot's answer carries its price. */
export interface CheckMessage {
  id: string;
  author: CheckAuthor;
  text: string;
  created_at: string;
  price_minor: number | null;
  currency: Currency | null;
  /** Files the bot sent with the message. */
  attachments?: MessageAttachment[];
}

/** GET /api/check/messages?bot_id=: the dialogue and when the bot is due to answer. */
export interface CheckDialogue {
  chat_id: string | null;
  state: ChatState;
  messages: CheckMessage[];
  answer_due_at: string | null;
}

/** POST /api/check/messages answer (202): the stored customer message. */
interface SentMessage {
  chat_id: string;
  message: CheckMessage;
  answer_due_at: string | null;
}

const CHECK_PATH = '/api/check/messages';
const EMPTY: CheckDialogue = { chat_id: null, state: 'working', messages: [], answer_due_at: null };

/**
 * The check dialogue with one bot. While an answer is due it is polled every second, so the
 * answer shows up as a customer would see it. It also follows the account's room: a line written
 * into the dialogue from outside an answer (a payment's «Оплачено», a booking's news) shows up at
 * once.
 */
export function useCheckDialogue(botId: string | null) {
  const path = botId ? `${CHECK_PATH}?bot_id=${encodeURIComponent(botId)}` : null;
  const swr = useApi<CheckDialogue>(path, {
    refreshInterval: (data) => (data?.answer_due_at ? 1000 : 0),
  });
  const { mutate } = swr;
  const chatId = swr.data?.chat_id ?? null;
  useLiveRoom(CHATS_LIVE_PATH, (event) => {
    if (chatId !== null && event.chat_id === chatId) void mutate();
  });

  const send = async (text: string) => {
    if (!botId) return;
    const sent = await api<SentMessage>('POST', CHECK_PATH, { bot_id: botId, text });
    await mutate(
      (dialogue) => {
        const current = dialogue ?? EMPTY;
        const known = current.messages.some((message) => message.id === sent.message.id);
        return {
          ...current,
          chat_id: sent.chat_id,
          messages: known ? current.messages : [...current.messages, sent.message],
          answer_due_at: sent.answer_due_at,
        };
      },
      { revalidate: true },
    );
  };

  const clear = async () => {
    if (!path) return;
    await api<null>('DELETE', path);
    await mutate(EMPTY, { revalidate: true });
  };

  return { ...swr, send, clear };
}
