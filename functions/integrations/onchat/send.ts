import type { Chat } from '../../../db/schema';
import type { ChannelSender } from '../../channels/channel';
import type { EngineContext } from '../../engine/context';
import type { WidgetRoomEvent } from '../../shared/onchat';
import { safeErrorText } from '../../shared/safe-error';
import { isVisibleToVisitor, visitorRoom, widgetMessageView } from './view';

/** Best effort, like the chat rooms: the widget also reads the dialogue with GET while offline. */
export async function publishToVisitor(ctx: EngineContext, chat: Pick<Chat, 'id'>, event: WidgetRoomEvent) {
  try {
    await ctx.ports.rooms.publish(visitorRoom(chat.id), event);
  } catch (error) {
    console.error('publishing to a widget visitor failed', safeErrorText(error));
  }
}

/**
 * The website widget's channel. The visitor's page reads the stored dialogue, so a reply is
 * delivered by telling the visitor's room (without the price the chat room carries). Why no answer
 * came is never shown to a customer: the room only hears that none is coming, to stop "typing".
 */
export const onchatSender: ChannelSender = {
  async deliver(ctx, chat, reply) {
    if (!isVisibleToVisitor(reply)) return;
    await publishToVisitor(ctx, chat, {
      type: 'message',
      message: widgetMessageView(reply, ctx.settings.publicUrl),
    });
  },
  async explain(ctx, chat) {
    await publishToVisitor(ctx, chat, { type: 'idle' });
  },
};
