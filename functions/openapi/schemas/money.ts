import * as v from 'valibot';
import { SUBSCRIPTION_KINDS } from '../../../db/seed/tariffs';
import type { quoteSubscription } from '../../services/billing/buy-subscription';
import type { getBalance } from '../../services/billing/get-balance';
import type { listSubscriptions } from '../../services/billing/list-subscriptions';
import type { tariffs } from '../../services/billing/tariffs';
import type { createPaymentLink } from '../../services/payments/create-payment-link';
import type { createInvoice, getRequisites } from '../../services/payments/invoices';
import type { listTransactions } from '../../services/payments/list-transactions';
import type { listRecurrentPayments } from '../../services/payments/recurrent-payments';
import type { suggestRequisites } from '../../services/payments/requisites-suggestions';
import { CURRENCIES } from '../../shared/constants';
import { shapeOf } from '../shape-of';
import { isoTime } from './common';

/** An amount in integer minor units of its currency (kopecks, cents). */
export const minor = (what: string) => v.pipe(v.number(), v.description(`${what}, in minor units.`));
export const currency = v.picklist(CURRENCIES);
/** What a subscription covers: bots, or one integration type. */
export const subscriptionKind = v.picklist(SUBSCRIPTION_KINDS);

export const pagination = v.object({
  page: v.number(),
  per_page: v.number(),
  total: v.pipe(v.number(), v.description('Items in all pages.')),
  pages: v.number(),
});

const termEntries = {
  id: v.pipe(v.string(), v.description('The term id, e.g. `1m`, as `term` in a purchase.')),
  unit: v.picklist(['day', 'month']),
  count: v.number(),
};
export const termSchema = v.object(termEntries);
export const pricedTermSchema = v.object({
  ...termEntries,
  discount_percent: v.pipe(v.number(), v.description("The term's discount.")),
});

/** One line of a priced purchase. */
export const quoteLineSchema = v.object({
  kind: subscriptionKind,
  quantity: v.number(),
  month_minor: minor('The price of one for a month'),
  amount_minor: minor('The line for the whole term'),
});

export const tariffsSchema = shapeOf<ReturnType<typeof tariffs>>()(
  v.object({
    currency,
    terms: v.array(pricedTermSchema),
    tariffs: v.array(v.object({ kind: subscriptionKind, month_minor: minor('One for a month') })),
  }),
);

export const quoteSchema = shapeOf<Awaited<ReturnType<typeof quoteSubscription>>>()(
  v.object({
    currency,
    term: pricedTermSchema,
    items: v.array(quoteLineSchema),
    full_minor: minor('The price before the term discount'),
    discount_minor: minor('The term discount'),
    total_minor: minor('What it costs'),
    balance_minor: minor("The account's balance"),
    missing_minor: minor('What the balance lacks to pay it (0 when it suffices)'),
  }),
);

const paidSubscription = v.object({
  id: v.string(),
  demo: v.pipe(v.number(), v.description('1 for the demo period shown as a subscription, else 0.')),
  status: v.picklist(['active', 'inactive', 'in_advance', 'expired']),
  items: v.array(
    v.object({
      kind: subscriptionKind,
      quantity: v.number(),
      used: v.pipe(v.number(), v.description('Working bots or connected integrations it covers.')),
      available: v.number(),
    }),
  ),
  term: termSchema,
  price_minor: minor('The price paid or to pay'),
  currency,
  starts_at: v.nullable(isoTime),
  expires_at: v.nullable(isoTime),
  expires_in: v.nullable(v.pipe(v.number(), v.description('Days left; null until paid.'))),
  auto_renewal: v.boolean(),
  renewal_of: v.nullable(v.string()),
  renewed_by: v.nullable(v.string()),
  settings: v.object({
    next_items: v.nullable(
      v.pipe(
        v.array(v.object({ kind: subscriptionKind, quantity: v.number() })),
        v.description('What the automatic renewal buys instead of the current items.'),
      ),
    ),
  }),
  created_at: isoTime,
});

const demoSubscription = v.object({
  id: v.pipe(v.string(), v.description('`demo`: the free demo period, listed first while it lasts.')),
  demo: v.number(),
  status: v.literal('active'),
  items: v.array(v.never()),
  term: v.null(),
  price_minor: v.number(),
  currency,
  starts_at: isoTime,
  expires_at: isoTime,
  expires_in: v.number(),
  auto_renewal: v.boolean(),
  renewal_of: v.null(),
  renewed_by: v.null(),
  settings: v.object({ next_items: v.null() }),
  created_at: isoTime,
});

type SubscriptionView = Awaited<ReturnType<typeof listSubscriptions>>[number];

export const subscriptionSchema = shapeOf<SubscriptionView>()(v.union([paidSubscription, demoSubscription]));

/**
 * Each item is tied to its type above; the list itself is not wrapped in shapeOf because Hono's
 * JSONParsed, inside an array, reads the demo's empty `never[]` items as already seen (any JSON).
 */
export const subscriptionListSchema = v.array(subscriptionSchema);

export const transactionSchema = v.object({
  id: v.string(),
  date: isoTime,
  paid_at: v.nullable(isoTime),
  operation: v.picklist(['top_up', 'subscription', 'renewal', 'invoice', 'storage']),
  status: v.picklist(['paid', 'not_paid', 'write_off', 'refunded']),
  amount_minor: minor('The amount'),
  currency,
  comment: v.string(),
  reason: v.nullable(v.pipe(v.string(), v.description('Why a card payment failed.'))),
  provider: v.picklist(['partner', 'tbank', 'invoice', 'stripe', 'balance']),
  subscription_id: v.nullable(v.string()),
  invoice_number: v.nullable(v.number()),
  invoice_url: v.nullable(
    v.pipe(v.string(), v.description('The invoice PDF (`GET /api/transactions/{id}/invoice`).')),
  ),
  act_number: v.nullable(v.number()),
  act_url: v.nullable(v.pipe(v.string(), v.description('The act PDF, once the invoice is paid.'))),
  payment_url: v.nullable(v.pipe(v.string(), v.description('The open card payment page.'))),
});

export const transactionListSchema = shapeOf<Awaited<ReturnType<typeof listTransactions>>>()(
  v.object({ items: v.array(transactionSchema), pagination }),
);

export const recurrentPaymentSchema = v.object({
  id: v.string(),
  provider: v.picklist(['tbank', 'stripe']),
  currency,
  recurrent_type: v.picklist(['subscriptions']),
  label: v.nullable(v.pipe(v.string(), v.description('The saved card as the provider shows it.'))),
  created_at: isoTime,
});

export const recurrentPaymentListSchema = shapeOf<Awaited<ReturnType<typeof listRecurrentPayments>>>()(
  v.array(recurrentPaymentSchema),
);

export const balanceSchema = shapeOf<Awaited<ReturnType<typeof getBalance>>>()(
  v.object({
    total_minor: minor('The balance'),
    currency,
    minimum_minor: minor('The balance below which bots stop answering'),
    critical: v.pipe(
      v.boolean(),
      v.description('The balance is below the minimum while the account has subscriptions.'),
    ),
    payments_configured: v.pipe(v.boolean(), v.description('Card payments are available.')),
    invoices_available: v.pipe(v.boolean(), v.description('Paying by invoice is available.')),
    stats: v.object({
      days: v.array(
        v.object({
          date: v.pipe(v.string(), v.description('YYYY-MM-DD')),
          total_minor: minor('Spent that day'),
          by_bot: v.pipe(v.record(v.string(), v.number()), v.description('Spent by bot id, minor units.')),
          by_channel: v.pipe(
            v.record(v.string(), v.number()),
            v.description('Spent by channel, minor units.'),
          ),
        }),
      ),
      bots: v.array(v.object({ id: v.string(), name: v.string() })),
    }),
    transactions: v.pipe(v.array(transactionSchema), v.description('The first page of transactions.')),
    pagination,
    recurrent_payments: v.array(recurrentPaymentSchema),
  }),
);

export const paymentLinkSchema = shapeOf<Awaited<ReturnType<typeof createPaymentLink>>>()(
  v.object({
    url: v.pipe(v.string(), v.description("The provider's payment page to send the payer to.")),
    transaction_id: v.string(),
  }),
);

export const invoiceCreatedSchema = shapeOf<Awaited<ReturnType<typeof createInvoice>>>()(
  v.object({
    transaction: transactionSchema,
    invoice_url: v.nullable(v.pipe(v.string(), v.description('The invoice PDF.'))),
  }),
);

export const requisitesSchema = shapeOf<Awaited<ReturnType<typeof getRequisites>>>()(
  v.object({
    requisites: v.nullable(
      v.pipe(
        v.record(v.string(), v.nullable(v.string())),
        v.description('The payer requisites saved with the last invoice.'),
      ),
    ),
    available: v.pipe(v.boolean(), v.description('Paying by invoice is available to the account.')),
    suggestions: v.pipe(v.boolean(), v.description('Company and bank look-ups are available.')),
  }),
);

export const suggestionsSchema = shapeOf<Awaited<ReturnType<typeof suggestRequisites>>>()(
  v.object({
    available: v.pipe(v.boolean(), v.description('The look-up service is configured and answered.')),
    suggestions: v.union([
      v.array(
        v.object({
          inn: v.string(),
          kpp: v.nullable(v.string()),
          ogrn: v.nullable(v.string()),
          name: v.string(),
          legal_address: v.nullable(v.string()),
          status: v.nullable(v.string()),
        }),
      ),
      v.array(v.object({ bik: v.string(), name: v.string(), correspondent_account: v.nullable(v.string()) })),
    ]),
  }),
);
