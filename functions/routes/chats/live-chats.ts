import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { liveRoomSchema } from '../../openapi/schemas/chats';
import { accountLiveRoom } from '../../services/chats/live-chats';

export const accountLiveHandlers = factory.createHandlers(
  describe({
    tag: 'Chats',
    summary: 'Get the live address of your chats',
    description:
      'A WebSocket address that tells which chat changed whenever a message arrives or a state changes, so a client can refresh without polling.',
    ok: { description: 'The socket address.', schema: liveRoomSchema },
  }),
  async (c) => c.json(await accountLiveRoom(accountContext(c))),
);
