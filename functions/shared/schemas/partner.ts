import * as v from 'valibot';
import { CURRENCIES } from '../constants';
import { code, email, filterDay, msg, requiredText } from './fields';
import { subscriptionItems, termId } from './subscription';

/** A client account a partner creates (SPEC §6: name, e-mail, currency; §5 messages). */
export const createClientSchema = v.object({
  name: requiredText('name_required', 100),
  email,
  currency: v.optional(v.picklist(CURRENCIES, msg('invalid_value')), 'rub'),
});

export type CreateClientInput = v.InferOutput<typeof createClientSchema>;

/** Asking the owner of an existing account for consent (a code mailed to them), and the code given back. */
export const attachClientSchema = v.object({ email });
export const confirmAttachSchema = v.object({ email, code });

const requestId = v.pipe(v.string(msg('invalid_value')), v.uuid(msg('invalid_value')));
const amountMinor = v.pipe(
  v.number(msg('invalid_value')),
  v.integer(msg('invalid_value')),
  v.minValue(1, msg('invalid_value')),
);

const newSubscription = { items: subscriptionItems, term: termId };
const unpaidSubscription = { subscription_id: v.pipe(v.string(), v.uuid(msg('invalid_value'))) };
const clientTopUp = { amount_minor: amountMinor };

/** What a partner pays for a client (issue #23): a new subscription, one of its unpaid ones, or a top-up. */
export const clientQuoteSchema = v.union(
  [v.object(newSubscription), v.object(unpaidSubscription), v.object(clientTopUp)],
  msg('invalid_value'),
);

/** The same, with the id the dialog made once: a repeated request is answered, not paid again. */
export const clientPaymentSchema = v.union(
  [
    v.object({ ...newSubscription, request_id: requestId }),
    v.object({ ...unpaidSubscription, request_id: requestId }),
    v.object({ ...clientTopUp, request_id: requestId }),
  ],
  msg('invalid_value'),
);

export type ClientPurchase = v.InferOutput<typeof clientQuoteSchema>;
export type ClientPayment = v.InferOutput<typeof clientPaymentSchema>;

const utmValue = v.optional(
  v.pipe(
    v.string(msg('invalid_value')),
    v.trim(),
    v.maxLength(100, msg('too_long')),
    v.regex(/^[A-Za-z0-9_.-]*$/, msg('utm_format')),
  ),
);

export const referralUtmSchema = v.object({
  source: utmValue,
  medium: utmValue,
  campaign: utmValue,
  content: utmValue,
  term: utmValue,
});

export const createReferralLinkSchema = v.object({
  name: requiredText('link_name_required', 100),
  utm: v.optional(referralUtmSchema, {}),
});

export const updateReferralLinkSchema = v.object({
  name: v.optional(requiredText('link_name_required', 100)),
  utm: v.optional(referralUtmSchema),
});

const optionalDay = v.optional(filterDay);
const page = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, msg('invalid_value')), v.transform(Number)),
  '1',
);

/** GET /api/partner/clients?q=&page=: found by name or e-mail, a page at a time. */
export const clientsQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(msg('invalid_value')), v.trim(), v.maxLength(100, msg('too_long'))), ''),
  page,
});

export type ClientsQuery = v.InferOutput<typeof clientsQuerySchema>;

export const PARTNER_OPERATION_KINDS = [
  'top_up',
  'top_up_refund',
  'client_subscription',
  'client_top_up',
  'earning',
  'earning_reversal',
  'wazzup_bonus',
] as const;

export const operationsQuerySchema = v.object({
  kind: v.optional(v.picklist(PARTNER_OPERATION_KINDS, msg('invalid_value'))),
  client_id: v.optional(v.pipe(v.string(), v.uuid(msg('invalid_value')))),
  from: optionalDay,
  to: optionalDay,
  page,
});

export const earningsQuerySchema = v.object({
  by: v.optional(v.picklist(['month', 'client'], msg('invalid_value')), 'month'),
  from: optionalDay,
  to: optionalDay,
});
