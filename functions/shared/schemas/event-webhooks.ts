import * as v from 'valibot';
import { checkOutboundUrl } from '../../outbound/url-guard';
import { EVENT_TYPES } from '../event-webhooks';
import { msg, positiveQueryNumber } from './fields';

/** The longest endpoint address accepted. */
export const EVENT_WEBHOOK_URL_MAX = 2048;

/**
 * An endpoint's address: an absolute http(s) URL without credentials. Whether the installation may
 * call it (https, a public address) depends on its settings, so the service checks that too, with
 * the guarded fetch's rules, as the API channel does for its callback URL.
 */
const url = v.pipe(
  v.nullish(v.string(msg('invalid_value')), ''),
  v.trim(),
  v.nonEmpty(msg('event_webhook_url_required')),
  v.maxLength(EVENT_WEBHOOK_URL_MAX, msg('too_long')),
  v.check((value) => checkOutboundUrl(value, { allowPrivate: true }).ok, msg('callback_url_invalid')),
);

/** A non-empty set of known event types; repeats are dropped. */
const events = v.pipe(
  v.nullish(v.array(v.picklist(EVENT_TYPES, msg('invalid_value')), msg('invalid_value')), []),
  v.maxLength(EVENT_TYPES.length * 2, msg('invalid_value')),
  v.transform((list) => EVENT_TYPES.filter((type) => list.includes(type))),
  v.minLength(1, msg('event_webhook_events_required')),
);

/** POST /api/event-webhooks */
export const createEventWebhookSchema = v.object({
  url,
  events,
});

/** PATCH /api/event-webhooks/:id: what is given changes. */
export const updateEventWebhookSchema = v.object({
  url: v.optional(url),
  events: v.optional(events),
  enabled: v.optional(v.boolean(msg('invalid_value'))),
});

/** GET /api/event-webhooks/:id/deliveries?page=N */
export const eventWebhookDeliveriesQuerySchema = v.object({
  page: v.optional(positiveQueryNumber(100_000), '1'),
});

export type CreateEventWebhookInput = v.InferOutput<typeof createEventWebhookSchema>;
export type UpdateEventWebhookInput = v.InferOutput<typeof updateEventWebhookSchema>;
