import type { PauseCode } from '../../../db/schema';
import { pauseFor, stopFor, WORKING } from '../../engine/chat-state';
import type { AccountContext } from '../context';
import { ownChat } from './own-chat';
import { setChatStop, stopView } from './set-chat-stop';

async function change(
  ctx: AccountContext,
  id: string,
  stop: (now: Date) => Parameters<typeof setChatStop>[2],
) {
  const chat = await ownChat(ctx, id);
  const now = ctx.ports.clock.now();
  const [saved] = await setChatStop(ctx, [chat], stop(now));
  return stopView(saved ?? chat, now);
}

/** POST /api/chats/{id}/pause: a pause by SPEC §4 code (4 is ten minutes here); null resumes the bot. */
export const pauseChat = (ctx: AccountContext, id: string, code: PauseCode | null) =>
  change(ctx, id, (now) => (code === null ? WORKING : pauseFor(code, now)));

/** POST /api/chats/{id}/stop: the bot stays off in this chat until someone starts it again. */
export const stopChat = (ctx: AccountContext, id: string) =>
  change(ctx, id, (now) => stopFor('forever', null, now));

/** POST /api/chats/{id}/start: the bot handles the chat again, whatever stopped it. */
export const startChat = (ctx: AccountContext, id: string) => change(ctx, id, () => WORKING);
