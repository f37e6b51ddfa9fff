/**
 * Event webhooks (issue #27 §3, docs/api.md): the events an account can subscribe an endpoint to,
 * and the shapes the API answers with. Deliveries follow Standard Webhooks (webhook-id,
 * webhook-timestamp, webhook-signature) and carry `{ type, timestamp, data }`.
 */
export const EVENT_TYPES = [
  'chat.created',
  'message.received',
  'message.answered',
  'bot.stopped',
  'action.executed',
  'payment.succeeded',
  'balance.low',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Endpoints one account may have. */
export const MAX_EVENT_WEBHOOK_ENDPOINTS = 10;
/** Deliveries listed per page of an endpoint's list. */
export const EVENT_WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
/** A failing delivery is retried with backoff for this long, then given up. */
export const EVENT_WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** An endpoint as the API shows it: the secret never appears after creation. */
export interface EventWebhookEndpointView {
  id: string;
  url: string;
  events: EventType[];
  enabled: boolean;
  /** Set when it was switched off after failing for a day (ISO time); null otherwise. */
  disabledAt: string | null;
  /** The first failed attempt since the last delivered one (ISO time), or null. */
  failingSince: string | null;
  createdAt: string;
}

/** `GET /api/event-webhooks` */
export interface EventWebhookEndpointList {
  endpoints: EventWebhookEndpointView[];
}

/** `POST /api/event-webhooks` answers 201 with the endpoint and its `whsec_…` secret, shown this once. */
export interface CreatedEventWebhookEndpoint {
  endpoint: EventWebhookEndpointView;
  secret: string;
}

export type EventWebhookDeliveryStatusView = 'pending' | 'delivered' | 'failed';

export interface EventWebhookDeliveryView {
  /** The `webhook-id` header, the same on every attempt. */
  id: string;
  event: EventType;
  status: EventWebhookDeliveryStatusView;
  attempts: number;
  /** HTTP status of the last attempt, null when it got no answer (or none was made yet). */
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

/** `GET /api/event-webhooks/:id/deliveries?page=N` (newest first) */
export interface EventWebhookDeliveryList {
  deliveries: EventWebhookDeliveryView[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The label an endpoint's secret is sealed under (functions/secrets/secret-box.ts):
 * `secret_sealed` is `JSON.stringify(await sealSecret(secretsKey, EVENT_WEBHOOK_SECRET_LABEL, secret))`.
 */
export const EVENT_WEBHOOK_SECRET_LABEL = 'event_webhook.secret';

/**
 * Seconds before each retry of a failed delivery (the last repeats) while the retry window lasts;
 * the final attempt is made when the window ends.
 */
export const EVENT_WEBHOOK_BACKOFF_SECONDS: readonly number[] = [5, 300, 1_800, 7_200, 18_000, 36_000];
/** How long one attempt waits for the receiver's answer. */
export const EVENT_WEBHOOK_TIMEOUT_MS = 10_000;
/** An endpoint whose deliveries have failed this long (since the last one delivered) is switched off. */
export const EVENT_WEBHOOK_SWITCH_OFF_MS = 24 * 60 * 60 * 1000;
