import { Badge, Tooltip } from '@mantine/core';
import type { ChatStopView } from '../../api/chats';
import { formatDateTime } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { STATE_COLORS } from './chat-state';

/** The chat's state; a timed pause says until when. */
export function ChatStateBadge({ chat }: { chat: Pick<ChatStopView, 'state' | 'paused_until'> }) {
  const { t, lang } = useT();
  const badge = (
    // Never squeezed: the chat id beside it gives way (truncates) instead.
    <Badge
      color={STATE_COLORS[chat.state]}
      variant="light"
      data-testid="chat-state"
      style={{ flexShrink: 0 }}
    >
      {t(`chats.state.${chat.state}`)}
    </Badge>
  );
  if (!chat.paused_until) return badge;
  return (
    <Tooltip label={t('chats.paused_until', { time: formatDateTime(chat.paused_until, lang) })}>
      {badge}
    </Tooltip>
  );
}
