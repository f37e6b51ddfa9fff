import { accountRoom } from '../../engine/publish';
import type { AccountContext } from '../context';

/** Where the browser follows the account's chats live: a socket address with a token for that room. */
export interface LiveRoom {
  url: string;
}

/** GET /api/chats/live: the account's room, told which chat changed whenever a message or state does. */
export async function accountLiveRoom(ctx: AccountContext): Promise<LiveRoom> {
  const { rooms, clock } = ctx.ports;
  return { url: await rooms.joinUrl(accountRoom(ctx.account.id), clock.now(), ctx.sessionId) };
}
