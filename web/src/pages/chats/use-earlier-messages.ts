import { useEffect, useRef, useState } from 'react';
import { type ChatDetail, type ChatMessage, chatPageBefore } from '../../api/chats';
import { notifyError } from '../../components/notify';

interface Earlier {
  /** Messages older than the newest page, oldest first. */
  messages: ChatMessage[];
  /** Whether the dialogue has messages older than these. */
  more: boolean;
}

const NONE: Earlier = { messages: [], more: false };

/**
 * The open dialogue: the newest page (kept fresh by the caller, live) after the older pages the
 * user asked for. While older pages are shown, messages that slide out of the newest page as new
 * ones arrive are kept, so the dialogue stays whole.
 */
export function useEarlierMessages(chatId: string, latest: ChatDetail | undefined) {
  const [earlier, setEarlier] = useState<Earlier>(NONE);
  const [loading, setLoading] = useState(false);
  const previous = useRef<ChatMessage[]>([]);

  useEffect(() => {
    const current = latest?.messages ?? [];
    const ids = new Set(current.map((message) => message.id));
    const slid = previous.current.filter((message) => !ids.has(message.id));
    previous.current = current;
    if (slid.length === 0) return;
    setEarlier((shown) => {
      if (shown.messages.length === 0) return shown;
      const known = new Set(shown.messages.map((message) => message.id));
      return { ...shown, messages: [...shown.messages, ...slid.filter((message) => !known.has(message.id))] };
    });
  }, [latest]);

  const newest = latest?.messages ?? [];
  const shownIds = new Set(newest.map((message) => message.id));
  const messages = [...earlier.messages.filter((message) => !shownIds.has(message.id)), ...newest];
  const hasEarlier = earlier.messages.length > 0 ? earlier.more : latest?.next_before != null;

  const loadEarlier = async () => {
    const first = messages[0];
    if (!first || loading) return;
    setLoading(true);
    try {
      const page = await chatPageBefore(chatId, first.id);
      setEarlier((shown) => {
        const known = new Set(shown.messages.map((message) => message.id));
        return {
          messages: [...page.messages.filter((message) => !known.has(message.id)), ...shown.messages],
          more: page.next_before !== null,
        };
      });
    } catch (failure) {
      notifyError(failure);
    } finally {
      setLoading(false);
    }
  };

  return { messages, hasEarlier, loading, loadEarlier };
}
