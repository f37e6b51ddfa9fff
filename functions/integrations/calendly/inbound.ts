import { and, eq } from 'drizzle-orm';
import { chats, type Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { asRecord } from '../../shared/as-record';
import { bookingLine } from '../../shared/booking-messages';
import { hmacHex } from '../../shared/hmac-hex';
import { sameSecret } from '../../shared/same-secret';
import { isUuid } from '../../shared/uuid';
import { accountLanguage, bookingOf, rememberBooking, updateBooking } from '../booking/bookings';
import { slotLabel } from '../booking/slot-label';
import { openConnectionSecret } from '../connection-secrets';
import type { InboundAdapter, WebhookDelivery } from '../module';
import { calendlyTimeZone } from './account';

/**
 * Calendly's invitee events (developer.calendly.com, webhook signatures): each delivery carries
 * `Calendly-Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256(signing_key, "<t>.<raw body>")>` under
 * the key connecting registered. A booking made through a link the bot sent names its dialogue in
 * `tracking.utm_content` (the chat id): that dialogue, if it is the account's, gets a system line
 * once per invitee and event, and the booking is kept (or marked cancelled).
 */

export const SIGNATURE_HEADER = 'calendly-webhook-signature';

/** The `t` and every `v1` of the header; null when it has no such shape. */
function signatureParts(header: string): { t: string; v1: string[] } | null {
  let t = '';
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const [key, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (key === 't') t = value;
    if (key === 'v1' && value) v1.push(value);
  }
  return /^\d+$/.test(t) && v1.length > 0 ? { t, v1 } : null;
}

export async function calendlySignatureValid(
  signingKey: string,
  header: string,
  raw: string,
): Promise<boolean> {
  const parts = signatureParts(header);
  if (!parts) return false;
  const expected = hmacHex(signingKey, `${parts.t}.${raw}`);
  let valid = false;
  // Every candidate is compared, so the time taken does not tell which one matched.
  for (const given of parts.v1) valid = sameSecret(given.toLowerCase(), expected) || valid;
  return valid;
}

type InviteeEvent = 'invitee.created' | 'invitee.canceled';

interface InviteeNews {
  event: InviteeEvent;
  inviteeUri: string;
  eventName: string;
  start: Date | null;
  chatRef: string | null;
}

function inviteeNewsOf(body: unknown): InviteeNews | 'other' | null {
  const record = asRecord(body);
  if (typeof record.event !== 'string') return null;
  if (record.event !== 'invitee.created' && record.event !== 'invitee.canceled') return 'other';
  const payload = asRecord(record.payload);
  const scheduled = asRecord(payload.scheduled_event);
  if (typeof payload.uri !== 'string' || !payload.uri) return null;
  const start = typeof scheduled.start_time === 'string' ? new Date(scheduled.start_time) : null;
  const utm = asRecord(payload.tracking).utm_content;
  return {
    event: record.event,
    inviteeUri: payload.uri,
    eventName: typeof scheduled.name === 'string' ? scheduled.name : '',
    start: start && !Number.isNaN(start.getTime()) ? start : null,
    chatRef: typeof utm === 'string' && isUuid(utm) ? utm : null,
  };
}

/** The dialogue a booking link named, only when it is the integration's account's own. */
async function chatOf(ctx: EngineContext, integration: Integration, chatId: string | null | undefined) {
  if (!chatId || !isUuid(chatId)) return null;
  const [row] = await ctx.ports.db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.accountId, integration.accountId)));
  return row ?? null;
}

async function summaryOf(
  ctx: EngineContext,
  integration: Integration,
  news: InviteeNews,
): Promise<{
  summary: string;
  lang: 'ru' | 'en';
}> {
  const lang = await accountLanguage(ctx, integration.accountId);
  const when = news.start ? slotLabel(news.start, calendlyTimeZone(integration), lang) : '';
  return { summary: [news.eventName, when].filter(Boolean).join(', '), lang };
}

function followUpOf(news: InviteeNews): WebhookDelivery['followUp'] {
  return async (ctx, integration, _receive, note) => {
    const known = await bookingOf(ctx, integration.id, news.inviteeUri);
    const chat = await chatOf(ctx, integration, known?.chatId ?? news.chatRef);
    const { summary, lang } = await summaryOf(ctx, integration, news);
    if (news.event === 'invitee.created') {
      if (!chat) return;
      await rememberBooking(ctx, {
        accountId: integration.accountId,
        integrationId: integration.id,
        chatId: chat.id,
        externalId: news.inviteeUri,
        summary,
        startsAt: news.start,
      });
      await note(chat.id, `calendly:${news.inviteeUri}:${news.event}`, bookingLine('created', lang, summary));
      return;
    }
    if (known) await updateBooking(ctx, known.id, { state: 'cancelled' });
    if (chat) {
      const line = bookingLine('cancelled', lang, known?.summary || summary);
      await note(chat.id, `calendly:${news.inviteeUri}:${news.event}`, line);
    }
  };
}

export const calendlyInbound: InboundAdapter = {
  async verify(settings, integration, request) {
    const signingKey = await openConnectionSecret(settings.secretsKey, integration, 'webhook_signing_key');
    const header = request.header(SIGNATURE_HEADER);
    if (!signingKey || !header) return false;
    return calendlySignatureValid(signingKey, header, request.raw);
  },
  parse(_integration, request) {
    const news = inviteeNewsOf(request.body);
    if (news === null) return null;
    if (news === 'other') return { messages: [] };
    return { messages: [], followUp: followUpOf(news) };
  },
};
