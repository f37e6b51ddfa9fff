import * as v from 'valibot';
import type { login } from '../../services/auth/login';
import type { register } from '../../services/auth/register';
import type { leavePartner } from '../../services/partner/end-relation';
import type { profileView } from '../../services/profile/profile';
import { ACCOUNT_ROLES, CURRENCIES, LANGUAGES } from '../../shared/constants';
import { shapeOf } from '../shape-of';
import { isoTime } from './common';

/** The answers that carry only a sentence to show (a code was sent, the password changed, …). */
export const messageSchema = shapeOf<{ message: string }>()(
  v.object({ message: v.pipe(v.string(), v.description("What happened, in the account's language.")) }),
);

export const sessionSchema = shapeOf<Awaited<ReturnType<typeof login>>>()(
  v.object({
    token: v.pipe(v.string(), v.description('The session JWT: send it as `Authorization: Bearer <token>`.')),
    expires_at: isoTime,
  }),
);

export const registeredSchema = shapeOf<Awaited<ReturnType<typeof register>>>()(
  v.object({
    message: v.string(),
    email: v.pipe(v.string(), v.description('Where the confirmation code went.')),
  }),
);

export const profileSchema = shapeOf<Awaited<ReturnType<typeof profileView>>>()(
  v.object({
    id: v.string(),
    name: v.string(),
    email: v.string(),
    phone: v.string(),
    lang: v.picklist(LANGUAGES),
    currency: v.pipe(v.picklist(CURRENCIES), v.description('Fixed once the account has paid in it.')),
    demo_till: v.pipe(isoTime, v.description('The end of the free demo period.')),
    tour_showed: v.boolean(),
    tour_walk: v.nullable(v.picklist(['due', 'finished', 'skipped'])),
    role: v.nullable(v.picklist(ACCOUNT_ROLES)),
    notifications: v.pipe(
      v.array(v.string()),
      v.description('Telegram usernames or chat ids that receive the account’s notifications.'),
    ),
    clients_partner: v.pipe(
      v.object({ balance: v.number() }),
      v.description('A partner account: its partner balance in minor units; 0 for other accounts.'),
    ),
    created_at: isoTime,
  }),
);

/** GET /api/app-config: the installation's public links. */
export const appConfigSchema = shapeOf<{
  links: { support: string | null; news: string | null; docs: string | null };
}>()(
  v.object({
    links: v.object({
      support: v.nullable(v.string()),
      news: v.nullable(v.string()),
      docs: v.nullable(v.string()),
    }),
  }),
);

export const healthSchema = shapeOf<{ status: string }>()(
  v.object({ status: v.pipe(v.string(), v.description('Always `ok` when the answer is 200.')) }),
);

export const leftPartnerSchema = shapeOf<Awaited<ReturnType<typeof leavePartner>>>()(
  v.object({ partner: v.pipe(v.null(), v.description('The account has no partner any more.')) }),
);
