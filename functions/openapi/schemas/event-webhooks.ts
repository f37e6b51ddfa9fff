import * as v from 'valibot';
import type {
  CreatedEventWebhookEndpoint,
  EventWebhookDeliveryList,
  EventWebhookDeliveryView,
  EventWebhookEndpointList,
  EventWebhookEndpointView,
} from '../../shared/event-webhooks';
import { EVENT_TYPES } from '../../shared/event-webhooks';
import { shapeOf } from '../shape-of';
import { isoTime } from './common';

/** The answers of the event webhooks routes (functions/shared/event-webhooks.ts). */
export const eventWebhookEndpointSchema = shapeOf<EventWebhookEndpointView>()(
  v.object({
    id: v.string(),
    url: v.string(),
    events: v.array(v.picklist(EVENT_TYPES)),
    enabled: v.boolean(),
    disabledAt: v.pipe(
      v.nullable(isoTime),
      v.description('When it was switched off after failing for a day; null otherwise.'),
    ),
    failingSince: v.pipe(
      v.nullable(isoTime),
      v.description('The first failed attempt since the last delivered one, or null.'),
    ),
    createdAt: isoTime,
  }),
);

export const eventWebhookEndpointListSchema = shapeOf<EventWebhookEndpointList>()(
  v.object({ endpoints: v.array(eventWebhookEndpointSchema) }),
);

export const createdEventWebhookSchema = shapeOf<CreatedEventWebhookEndpoint>()(
  v.object({
    endpoint: eventWebhookEndpointSchema,
    secret: v.pipe(
      v.string(),
      v.description('The `whsec_…` signing secret (Standard Webhooks). It is shown only in this answer.'),
    ),
  }),
);

export const updatedEventWebhookSchema = shapeOf<{ endpoint: EventWebhookEndpointView }>()(
  v.object({ endpoint: eventWebhookEndpointSchema }),
);

export const eventWebhookDeliverySchema = shapeOf<EventWebhookDeliveryView>()(
  v.object({
    id: v.pipe(v.string(), v.description('The `webhook-id` header, the same on every attempt.')),
    event: v.picklist(EVENT_TYPES),
    status: v.picklist(['pending', 'delivered', 'failed']),
    attempts: v.number(),
    lastStatus: v.pipe(v.nullable(v.number()), v.description('HTTP status of the last attempt.')),
    lastError: v.nullable(v.string()),
    createdAt: isoTime,
    nextAttemptAt: v.nullable(isoTime),
    deliveredAt: v.nullable(isoTime),
  }),
);

export const eventWebhookDeliveryListSchema = shapeOf<EventWebhookDeliveryList>()(
  v.object({
    deliveries: v.array(eventWebhookDeliverySchema),
    total: v.number(),
    page: v.number(),
    pageSize: v.number(),
  }),
);

export const resentDeliverySchema = shapeOf<{ delivery: EventWebhookDeliveryView }>()(
  v.object({ delivery: eventWebhookDeliverySchema }),
);
