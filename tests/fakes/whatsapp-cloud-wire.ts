import { createHmac, randomBytes } from 'node:crypto';

/**
 * The WhatsApp Cloud API's webhook wire format (reference/whatsapp-cloud.md §2.3–2.5, §5, checklist
 * §7.11–7.15): bodies written as Meta writes them — non-ASCII as lowercase `\uXXXX`, `/` as `\/` —
 * and signed over exactly those bytes; Graph error bodies.
 */

type Json = Record<string, unknown>;

/** JSON as Meta puts it on the wire: ASCII only, `/` escaped. */
export function metaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replaceAll('/', '\\/');
}

/** `sha256=<hex>` of the raw body under the app secret (X-Hub-Signature-256). */
export const metaSignature = (appSecret: string, raw: string) =>
  `sha256=${createHmac('sha256', appSecret).update(raw, 'utf8').digest('hex')}`;

/** A wamid as Meta shapes them: "wamid." and base64 of a random id. */
export const newWamid = () => `wamid.${randomBytes(24).toString('base64')}`;

export const fbtraceId = () => randomBytes(9).toString('base64').replace(/[+/=]/g, 'A');

/** A Graph error body (§3.4). */
export function graphError(
  code: number,
  message: string,
  extra: { type?: string; error_subcode?: number; details?: string } = {},
): Json {
  return {
    error: {
      message,
      type: extra.type ?? 'OAuthException',
      code,
      ...(extra.error_subcode === undefined ? {} : { error_subcode: extra.error_subcode }),
      ...(extra.details === undefined
        ? {}
        : { error_data: { messaging_product: 'whatsapp', details: extra.details } }),
      fbtrace_id: fbtraceId(),
    },
  };
}

export interface WireNumber {
  wabaId: string;
  phoneNumberId: string;
  display: string;
}

/** One change of a WABA's webhook: `field` and its value with the number's metadata. */
export function change(number: WireNumber, field: string, value: Json): Json {
  return {
    field,
    value: {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: number.display, phone_number_id: number.phoneNumberId },
      ...value,
    },
  };
}

/** A whole delivery of changes, grouped into one entry per WABA. */
export function envelope(changes: { number: WireNumber; change: Json }[]): Json {
  const byWaba = new Map<string, Json[]>();
  for (const one of changes)
    byWaba.set(one.number.wabaId, [...(byWaba.get(one.number.wabaId) ?? []), one.change]);
  return {
    object: 'whatsapp_business_account',
    entry: [...byWaba.entries()].map(([id, list]) => ({ id, changes: list })),
  };
}

export interface WireCustomer {
  /** The phone number's WhatsApp id (digits); absent for a username-only user. */
  waId?: string;
  /** The business-scoped user id (BSUID), e.g. "US.13491208655302741918". */
  userId?: string;
  name?: string;
}

/** A customer's message (§2.4); `message` gives its type and content (default a text). */
export function customerMessageChange(
  number: WireNumber,
  customer: WireCustomer,
  wamid: string,
  message: Json,
  timestamp: number,
): Json {
  const contact: Json = { profile: { name: customer.name ?? 'Клиент' } };
  if (customer.waId) contact.wa_id = customer.waId;
  if (customer.userId) contact.user_id = customer.userId;
  return change(number, 'messages', {
    contacts: [contact],
    messages: [
      {
        ...(customer.waId ? { from: customer.waId } : {}),
        ...(customer.userId ? { from_user_id: customer.userId } : {}),
        id: wamid,
        timestamp: String(timestamp),
        ...message,
      },
    ],
  });
}

/** A status of a sent message (§2.5); a failed one with its error. */
export function statusChange(
  number: WireNumber,
  wamid: string,
  status: string,
  recipient: string,
  timestamp: number,
  error?: { code: number; title: string; details: string },
): Json {
  return change(number, 'messages', {
    statuses: [
      {
        id: wamid,
        status,
        timestamp: String(timestamp),
        recipient_id: recipient,
        ...(error
          ? {
              errors: [
                {
                  code: error.code,
                  title: error.title,
                  message: error.title,
                  error_data: { details: error.details },
                  href: '/documentation/business-messaging/whatsapp/support/error-codes',
                },
              ],
            }
          : {}),
      },
    ],
  });
}

/** A message the owner sent from the WhatsApp Business app (coexistence, §5): no message_creation_type. */
export function echoChange(
  number: WireNumber,
  to: string,
  wamid: string,
  message: Json,
  timestamp: number,
): Json {
  return change(number, 'smb_message_echoes', {
    message_echoes: [{ from: number.display, to, id: wamid, timestamp: String(timestamp), ...message }],
  });
}
