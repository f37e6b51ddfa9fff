import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { accountLiveRoom } from '../../services/chats/live-chats';

export const accountLiveHandlers = factory.createHandlers(async (c) =>
  c.json(await accountLiveRoom(accountContext(c))),
);
