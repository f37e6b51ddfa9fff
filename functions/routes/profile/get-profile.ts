import { factory } from '../../http/factory';
import { profileView } from '../../services/profile/profile';

export const getProfileHandlers = factory.createHandlers(async (c) =>
  c.json(await profileView(c.var.ports.db, c.var.account)),
);
