import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { listKeys } from '../../services/keys/api-keys';

export const listKeysHandlers = factory.createHandlers(async (c) =>
  c.json(await listKeys(accountContext(c))),
);
