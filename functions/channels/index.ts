import { moduleFor } from '../integrations/registry';
import type { ChannelSender } from './channel';
import { checkChannel } from './check';

/** A channel without an adapter yet cannot send: its replies stay stored for the chats screen. */
const storeOnly: ChannelSender = {
  async deliver(_ctx, chat) {
    console.warn(`no sender for channel "${chat.channel}"; the reply is stored only`);
  },
  async explain() {},
};

/** How the engine reaches a chat's customer: Check, or the sender of the channel's module. */
export const channelSender = (channel: string): ChannelSender =>
  channel === 'check' ? checkChannel : (moduleFor(channel)?.sender ?? storeOnly);
