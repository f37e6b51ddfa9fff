import type { JSONValue } from 'hono/utils/types';
import * as v from 'valibot';
import { INTEGRATION_TYPES } from '../../../db/schema/integrations';
import type { bookingServices } from '../../services/integrations/booking-lists';
import type { connectIntegration } from '../../services/integrations/connect-integration';
import type { crmFields, crmPipelines, crmStaff, crmTaskTypes } from '../../services/integrations/crm-lists';
import type { listDeadLetters, retryDeadLetter } from '../../services/integrations/dead-letters';
import type { IntegrationView } from '../../services/integrations/integration-view';
import type { QrView } from '../../services/integrations/qr';
import type { revealSigningSecret, rotateSigningSecret } from '../../services/integrations/signing-secret';
import type { startConsent } from '../../services/integrations/start-consent';
import { API_CHANNEL_LIMITS } from '../../shared/api-channel';
import { shapeOf } from '../shape-of';
import { isoTime } from './common';

/** Any JSON value: its JSON schema is `{}`, and its type is what JSON carries (the view's `unknown` values). */
const jsonValue = v.unknown() as v.GenericSchema<JSONValue>;

const integrationEntries = {
  id: v.string(),
  type: v.picklist(INTEGRATION_TYPES),
  integration_account_id: v.pipe(
    v.nullable(v.string()),
    v.description("The account's id in the external system, once connecting learned it."),
  ),
  connection_data: v.pipe(
    v.record(v.string(), jsonValue),
    v.description(
      "The type's settings and what connecting learned; credentials come back masked (`••••` and their last four characters). Send a masked value back unchanged to keep it.",
    ),
  ),
  activated: v.boolean(),
  connected: v.boolean(),
  kind: v.picklist(['channel', 'data_source', 'payments', 'model']),
  available: v.pipe(v.boolean(), v.description('Whether the product can connect this type yet.')),
  created_at: isoTime,
  consent_page: v.pipe(
    v.optional(v.boolean()),
    v.description(
      "Connected on the system's consent page: get its address from `POST /api/integrations/{id}/consent`.",
    ),
  ),
  configured: v.pipe(
    v.optional(v.boolean()),
    v.description('For a type with an OAuth application: whether this server has it configured.'),
  ),
};

export const integrationSchema = shapeOf<IntegrationView>()(v.object(integrationEntries));

export const integrationListSchema = v.array(integrationSchema);

export const connectedIntegrationSchema = shapeOf<Awaited<ReturnType<typeof connectIntegration>>>()(
  v.object({
    ...integrationEntries,
    message: v.pipe(v.string(), v.description("A line to show the owner, in the account's language.")),
  }),
);

export const consentPageSchema = shapeOf<Awaited<ReturnType<typeof startConsent>>>()(
  v.object({
    url: v.pipe(v.string(), v.description("The system's consent page, with a fresh single-use state.")),
  }),
);

export const qrSchema = shapeOf<QrView>()(
  v.object({
    state: v.variant('state', [
      v.object({
        state: v.literal('qr'),
        qr: v.pipe(v.string(), v.description('The QR code to scan with the messenger app.')),
        expires_at: isoTime,
      }),
      v.object({ state: v.literal('waiting'), expires_at: isoTime }),
      v.object({ state: v.literal('connected') }),
      v.object({ state: v.literal('expired') }),
    ]),
    url: v.pipe(
      v.string(),
      v.description(
        'A WebSocket address with a token, where the next states (a new code, connected) arrive.',
      ),
    ),
  }),
);

const idName = { id: v.string(), name: v.string() };

export const crmPipelinesSchema = shapeOf<Awaited<ReturnType<typeof crmPipelines>>>()(
  v.object({
    pipelines: v.array(
      v.object({
        ...idName,
        _embedded: v.object({ statuses: v.array(v.object({ ...idName, color: v.string() })) }),
      }),
    ),
  }),
);

export const crmFieldsSchema = shapeOf<Awaited<ReturnType<typeof crmFields>>>()(
  v.object({
    fields: v.array(
      v.object({
        ...idName,
        type: v.string(),
        options: v.pipe(
          v.nullable(v.array(v.object({ id: v.string(), value: v.string() }))),
          v.description("A list field's options; null for other types."),
        ),
      }),
    ),
  }),
);

export const crmTaskTypesSchema = shapeOf<Awaited<ReturnType<typeof crmTaskTypes>>>()(
  v.object({ task_types: v.array(v.object(idName)) }),
);

export const crmStaffSchema = shapeOf<Awaited<ReturnType<typeof crmStaff>>>()(
  v.object({ staff: v.array(v.object({ ...idName, email: v.nullable(v.string()) })) }),
);

export const bookingServicesSchema = shapeOf<Awaited<ReturnType<typeof bookingServices>>>()(
  v.object({
    services: v.array(
      v.object({
        id: v.string(),
        title: v.string(),
        price_min: v.pipe(
          v.nullable(v.number()),
          v.description("In the salon's currency, major units as the system lists them."),
        ),
        price_max: v.nullable(v.number()),
        duration_minutes: v.nullable(v.number()),
      }),
    ),
  }),
);

const secretText = v.pipe(v.string(), v.description('The secret that signs the callbacks to your address.'));

export const revealedSecretSchema = shapeOf<Awaited<ReturnType<typeof revealSigningSecret>>>()(
  v.object({
    secret: v.pipe(v.nullable(secretText), v.description('Null once it was shown: rotate it for a new one.')),
  }),
);

export const rotatedSecretSchema = shapeOf<Awaited<ReturnType<typeof rotateSigningSecret>>>()(
  v.object({ secret: secretText }),
);

export const deadLettersSchema = shapeOf<Awaited<ReturnType<typeof listDeadLetters>>>()(
  v.object({
    items: v.array(
      v.object({
        id: v.string(),
        event_id: v.string(),
        event: v.string(),
        chat_id: v.string(),
        attempts: v.number(),
        reason: v.pipe(v.string(), v.description('Why delivery was given up.')),
        created_at: isoTime,
        failed_at: isoTime,
      }),
    ),
  }),
);

export const okSchema = shapeOf<Awaited<ReturnType<typeof retryDeadLetter>>>()(
  v.object({ ok: v.literal(true) }),
);

const optionalLine = (max: number) => ({ type: ['string', 'null'], maxLength: max });

/**
 * What an API channel's system posts to its webhook (docs/channels/api-channel.md), as JSON schema:
 * the webhook route reads the raw body itself, so nothing generates this from a validator.
 */
export const apiChannelInboundJsonSchema: Record<string, unknown> = {
  type: 'object',
  required: ['chat_id', 'message_id'],
  properties: {
    chat_id: {
      type: 'string',
      minLength: 1,
      maxLength: API_CHANNEL_LIMITS.id,
      description: "Your conversation's id; one chat per id.",
    },
    message_id: {
      type: 'string',
      minLength: 1,
      maxLength: API_CHANNEL_LIMITS.id,
      description: 'The idempotency key: the same id again is the same message, answered once.',
    },
    author: {
      type: 'string',
      enum: ['customer', 'operator'],
      default: 'customer',
      description: "An operator's message applies the bot's stop logic.",
    },
    text: {
      type: 'string',
      maxLength: API_CHANNEL_LIMITS.text,
      description: 'May be empty when there are attachments.',
    },
    customer: {
      type: ['object', 'null'],
      properties: {
        name: optionalLine(API_CHANNEL_LIMITS.name),
        phone: optionalLine(32),
        username: optionalLine(API_CHANNEL_LIMITS.name),
      },
    },
    attachments: {
      type: 'array',
      maxItems: API_CHANNEL_LIMITS.attachments,
      items: {
        type: 'object',
        required: ['url'],
        properties: {
          url: { type: 'string', maxLength: API_CHANNEL_LIMITS.url },
          name: optionalLine(API_CHANNEL_LIMITS.name),
          content_type: optionalLine(API_CHANNEL_LIMITS.name),
        },
      },
    },
  },
};
