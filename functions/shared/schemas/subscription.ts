import * as v from 'valibot';
import { SUBSCRIPTION_KINDS, TERMS } from '../../../db/seed/tariffs';
import { CURRENCIES } from '../constants';
import { isSellableKind } from '../sellable-kinds';
import { msg } from './fields';

/** The most of one kind a subscription can cover. */
export const MAX_SUBSCRIPTION_QUANTITY = 100;

const item = v.object({
  kind: v.pipe(
    v.picklist(SUBSCRIPTION_KINDS, msg('invalid_value')),
    // A place for an integration that cannot be connected yet is not sold.
    v.check(isSellableKind, msg('subscription_kind_unavailable')),
  ),
  quantity: v.pipe(
    v.number(msg('invalid_value')),
    v.integer(msg('invalid_value')),
    v.minValue(1, msg('quantity_range')),
    v.maxValue(MAX_SUBSCRIPTION_QUANTITY, msg('quantity_range')),
  ),
});

/** N bots, M integrations of a type: each kind once. */
export const subscriptionItems = v.pipe(
  v.array(item, msg('invalid_value')),
  v.minLength(1, msg('subscription_items_required')),
  v.maxLength(SUBSCRIPTION_KINDS.length, msg('invalid_value')),
  v.check((items) => new Set(items.map((one) => one.kind)).size === items.length, msg('invalid_value')),
);

export const termId = v.picklist(
  TERMS.map((term) => term.id),
  msg('invalid_value'),
);

/** POST /api/subscription: the constructor's quote. */
export const quoteSchema = v.object({ items: subscriptionItems, term: termId });

/**
 * POST /api/subscription/new: buy what the constructor built, renew a subscription (`renew`), or
 * pay one that is waiting for money (`id`).
 */
export const buySchema = v.union(
  [
    v.object({ items: subscriptionItems, term: termId }),
    v.object({ renew: v.pipe(v.string(), v.uuid(msg('invalid_value'))) }),
    v.object({ id: v.pipe(v.string(), v.uuid(msg('invalid_value'))) }),
  ],
  msg('invalid_value'),
);

export const updateSubscriptionSchema = v.object({
  auto_renewal: v.optional(v.boolean(msg('invalid_value'))),
  next_items: v.optional(v.nullable(subscriptionItems)),
});

export const tariffsQuerySchema = v.object({
  currency: v.optional(v.picklist(CURRENCIES, msg('invalid_value'))),
});

export type SubscriptionItemsInput = v.InferOutput<typeof subscriptionItems>;
export type BuyInput = v.InferOutput<typeof buySchema>;
