import type { ChannelSender } from './channel';
import { checkChannel } from './check';
import { onchatChannel } from './onchat';
import { telegramChannel } from './telegram';

/** Channels the engine can answer through; the messenger adapters join as their integrations arrive. */
const senders: Readonly<Record<string, ChannelSender>> = {
  check: checkChannel,
  telegram: telegramChannel,
  onchat: onchatChannel,
};

/** A channel without an adapter yet cannot send: its replies stay stored for the chats screen. */
const storeOnly: ChannelSender = {
  async deliver(_ctx, chat) {
    console.warn(`no sender for channel "${chat.channel}"; the reply is stored only`);
  },
  async explain() {},
};

export const channelSender = (channel: string): ChannelSender => senders[channel] ?? storeOnly;
