import * as v from 'valibot';
import type { listClientSubscriptions } from '../../services/partner/client-subscriptions';
import type { ClientView } from '../../services/partner/client-view';
import type { earningsReport } from '../../services/partner/earnings-report';
import type { listClients } from '../../services/partner/list-clients';
import type { listOperations } from '../../services/partner/list-operations';
import type { payForClient, quoteForClient } from '../../services/partner/pay-for-client';
import type { listReferralLinks } from '../../services/partner/referral-links';
import type { partnerSummary } from '../../services/partner/summary';
import type { switchIntoClient } from '../../services/partner/switch-into-client';
import { PARTNER_OPERATION_KINDS } from '../../shared/schemas/partner';
import { shapeOf } from '../shape-of';
import { isoTime } from './common';
import {
  currency,
  minor,
  pagination,
  pricedTermSchema,
  quoteLineSchema,
  subscriptionKind,
  termSchema,
} from './money';

const partnerStatus = v.picklist(['partner', 'agency', 'integrator']);
const clientRef = v.nullable(v.object({ id: v.string(), name: v.string() }));

export const clientSchema = shapeOf<ClientView>()(
  v.object({
    id: v.string(),
    name: v.string(),
    email: v.string(),
    currency,
    balance: minor("The client's balance, in its own currency"),
    bots_on: v.pipe(v.number(), v.description('Bots the client has switched on.')),
    last_activity_at: v.nullable(isoTime),
    subscription_expires_at: v.nullable(
      v.pipe(isoTime, v.description('The end of its paid subscription, running or bought ahead.')),
    ),
    demo_till: isoTime,
    created_at: isoTime,
  }),
);

export const clientListSchema = shapeOf<Awaited<ReturnType<typeof listClients>>>()(
  v.object({
    clients: v.array(clientSchema),
    page: v.number(),
    per_page: v.number(),
    total: v.pipe(v.number(), v.description('Clients in all pages.')),
  }),
);

export const clientSessionSchema = shapeOf<Awaited<ReturnType<typeof switchIntoClient>>>()(
  v.object({
    token: v.pipe(v.string(), v.description("A session JWT acting in the client's account.")),
    expires_at: isoTime,
    account: v.object({ id: v.string(), name: v.string() }),
  }),
);

export const partnerSummarySchema = shapeOf<Awaited<ReturnType<typeof partnerSummary>>>()(
  v.object({
    balance_minor: minor('The partner balance'),
    currency,
    status: v.pipe(partnerStatus, v.description('The partner status, by the number of paying clients.')),
    discount_percent: v.pipe(v.number(), v.description("The status's discount on clients' subscriptions.")),
    subscription_share_percent: v.number(),
    transaction_share_percent: v.number(),
    paying_accounts: v.number(),
    next_status: v.nullable(v.object({ id: partnerStatus, paying_accounts: v.number() })),
    wazzup_bonus_minor: v.nullable(minor('The bonus for a client connecting Wazzup')),
  }),
);

export const operationListSchema = shapeOf<Awaited<ReturnType<typeof listOperations>>>()(
  v.object({
    items: v.array(
      v.object({
        id: v.string(),
        created_at: isoTime,
        kind: v.picklist(PARTNER_OPERATION_KINDS),
        amount_minor: minor('The change of the partner balance (negative when spent)'),
        currency,
        client: clientRef,
        comment: v.string(),
        base_minor: v.nullable(minor('What an earning was counted from')),
        rate_percent: v.nullable(v.number()),
        status: v.nullable(v.string()),
      }),
    ),
    pagination,
  }),
);

const earningFigures = {
  earned_minor: minor('Earned'),
  reversed_minor: minor('Taken back (refunds)'),
  net_minor: minor('Earned minus taken back'),
  payments: v.pipe(v.number(), v.description('Earning payments counted.')),
};

export const earningsSchema = shapeOf<Awaited<ReturnType<typeof earningsReport>>>()(
  v.object({
    currency,
    total_minor: minor('The net of all items'),
    items: v.array(
      v.union([
        v.object({ ...earningFigures, month: v.pipe(v.string(), v.description('YYYY-MM (by=month).')) }),
        v.object({ ...earningFigures, client: clientRef }),
      ]),
    ),
  }),
);

export const clientSubscriptionListSchema = shapeOf<Awaited<ReturnType<typeof listClientSubscriptions>>>()(
  v.object({
    items: v.array(
      v.object({
        id: v.string(),
        paid: v.boolean(),
        status: v.picklist(['active', 'inactive', 'in_advance', 'expired']),
        price_minor: minor('The price'),
        currency,
        expires_at: v.nullable(isoTime),
        term: termSchema,
        items: v.array(v.object({ kind: subscriptionKind, quantity: v.number() })),
      }),
    ),
  }),
);

export const clientQuoteSchema = shapeOf<Awaited<ReturnType<typeof quoteForClient>>>()(
  v.object({
    currency,
    full_minor: minor('The price before discounts'),
    discount_percent: v.pipe(v.number(), v.description("The partner status's discount.")),
    discount_minor: minor('The discount'),
    total_minor: minor('What the partner pays'),
    balance_minor: minor('The partner balance'),
    missing_minor: minor('What the balance lacks (0 when it suffices)'),
    term: v.optional(v.pipe(pricedTermSchema, v.description('For a new subscription only.'))),
    items: v.optional(v.pipe(v.array(quoteLineSchema), v.description('For a new subscription only.'))),
  }),
);

type Payment = Awaited<ReturnType<typeof payForClient>>;

export const clientPaymentSchema = shapeOf<Omit<Payment, 'created'>>()(
  v.object({
    operation_id: v.pipe(v.string(), v.description('The partner balance operation.')),
    subscription_id: v.nullable(v.string()),
    total_minor: minor('What was paid'),
    balance_minor: minor('The partner balance after it'),
  }),
);

const referralLinkSchema = v.object({
  id: v.string(),
  name: v.string(),
  ref_id: v.pipe(v.string(), v.description('The code in the link.')),
  url: v.pipe(v.string(), v.description('The sign-up address to share.')),
  utm: v.object({
    source: v.optional(v.string()),
    medium: v.optional(v.string()),
    campaign: v.optional(v.string()),
    content: v.optional(v.string()),
    term: v.optional(v.string()),
  }),
  registrations: v.pipe(v.number(), v.description('Accounts registered through it.')),
  paying: v.pipe(v.number(), v.description('Of them, those that paid.')),
  created_at: isoTime,
});

type ReferralLinks = Awaited<ReturnType<typeof listReferralLinks>>;

export const referralLinkItemSchema = shapeOf<ReferralLinks['items'][number]>()(referralLinkSchema);

export const referralLinkListSchema = shapeOf<ReferralLinks>()(
  v.object({ items: v.array(referralLinkSchema) }),
);
