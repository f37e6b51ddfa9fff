import { Badge, type MantineSize, Tooltip } from '@mantine/core';
import type { ChatStopView } from '../../api/chats';
import { formatDateTime } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { STATE_COLORS } from './chat-state';

interface ChatStateBadgeProps {
  chat: Pick<ChatStopView, 'state' | 'paused_until'>;
  size?: MantineSize;
}

/** The chat's state; a timed pause says until when. */
export function ChatStateBadge({ chat, size }: ChatStateBadgeProps) {
  const { t, lang } = useT();
  const badge = (
    // Never squeezed: the chat's title beside it gives way (truncates) instead.
    <Badge
      color={STATE_COLORS[chat.state]}
      variant="light"
      size={size}
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
