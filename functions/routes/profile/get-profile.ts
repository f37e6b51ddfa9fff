import { factory } from '../../http/factory';
import { profileView } from '../../services/profile/profile';

export const getProfileHandlers = factory.createHandlers(async (c) => c.json(profileView(c.var.account)));
