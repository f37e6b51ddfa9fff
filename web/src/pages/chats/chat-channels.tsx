import { ThemeIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { channelLabel } from '../bots/editor/channels';

/** Outline icons drawn on a 24×24 grid (after Tabler Icons, MIT), stroked in the current colour. */
const stroke = (...paths: string[]) => (
  <svg
    viewBox="0 0 24 24"
    width="62%"
    height="62%"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {paths.map((d) => (
      <path key={d} d={d} />
    ))}
  </svg>
);

const ICONS = {
  telegram: stroke('M15 10l-4 4l6 6l4 -16l-18 7l4 2l2 6l3 -4'),
  whatsapp: stroke(
    'M3 21l1.65 -3.8a9 9 0 1 1 3.4 2.9l-5.05 .9',
    'M9 10a.5 .5 0 0 0 1 0v-1a.5 .5 0 0 0 -1 0v1a5 5 0 0 0 5 5h1a.5 .5 0 0 0 0 -1h-1a.5 .5 0 0 0 0 1',
  ),
  website: stroke(
    'M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0',
    'M3.6 9h16.8',
    'M3.6 15h16.8',
    'M11.5 3a17 17 0 0 0 0 18',
    'M12.5 3a17 17 0 0 1 0 18',
  ),
  check: stroke('M9 3h6', 'M10 9h4', 'M10 3v6l-4 11a.7 .7 0 0 0 .5 1h11a.7 .7 0 0 0 .5 -1l-4 -11v-6'),
  // Avito's mark: four dots of different sizes.
  avito: (
    <svg viewBox="0 0 24 24" width="62%" height="62%" fill="currentColor" aria-hidden="true">
      <circle cx="16" cy="16" r="5" />
      <circle cx="7" cy="16.5" r="3" />
      <circle cx="16.5" cy="7" r="2.5" />
      <circle cx="7.5" cy="7.5" r="1.8" />
    </svg>
  ),
  other: stroke(
    'M3 20l1.3 -3.9c-2.324 -3.437 -1.426 -7.872 2.1 -10.374c3.526 -2.501 8.59 -2.296 11.845 .48c3.255 2.777 3.695 7.266 1.029 10.501c-2.666 3.235 -7.615 4.215 -11.574 2.293l-4.7 1',
  ),
} satisfies Record<string, ReactNode>;

interface ChannelLook {
  /** The channel's name as the inbox shows it; unknown channels take their integration's name. */
  label: MessageId | null;
  color: string;
  icon: ReactNode;
}

const TELEGRAM: ChannelLook = { label: 'chats.channel.telegram', color: '#229ED9', icon: ICONS.telegram };
const WHATSAPP: ChannelLook = { label: 'chats.channel.whatsapp', color: '#25D366', icon: ICONS.whatsapp };

/** Each channel a chat can come through: its icon, colour and name. */
const CHANNELS: Readonly<Record<string, ChannelLook>> = {
  telegram: TELEGRAM,
  whatsapp: WHATSAPP,
  wazzup: WHATSAPP,
  wappi: WHATSAPP,
  onchat: { label: 'chats.channel.onchat', color: 'indigo', icon: ICONS.website },
  check: { label: 'chats.channel.check', color: 'gray', icon: ICONS.check },
  avito: { label: 'chats.channel.avito', color: '#0AF', icon: ICONS.avito },
};

const OTHER: ChannelLook = { label: null, color: 'gray', icon: ICONS.other };

const lookOf = (channel: string): ChannelLook =>
  Object.hasOwn(CHANNELS, channel) ? (CHANNELS[channel] ?? OTHER) : OTHER;

/** A channel's name: Telegram, WhatsApp, Сайт/Website, Проверка/Check, Avito, or its integration's. */
export function chatChannelName(channel: string, t: (id: MessageId) => string): string {
  const { label } = lookOf(channel);
  return label ? t(label) : channelLabel(channel, t);
}

/** The channel's icon in a filled circle, named by a tooltip and for screen readers. */
export function ChannelIcon({ channel, size = 36 }: { channel: string; size?: number }) {
  const { t } = useT();
  const look = lookOf(channel);
  const name = chatChannelName(channel, t);
  return (
    <Tooltip label={name} withinPortal>
      <ThemeIcon
        size={size}
        radius="xl"
        color={look.color}
        role="img"
        aria-label={name}
        data-testid="chat-channel"
        style={{ flexShrink: 0 }}
      >
        {look.icon}
      </ThemeIcon>
    </Tooltip>
  );
}
