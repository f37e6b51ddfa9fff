import type { Integration } from '../../../db/schema';
import type { AppSettings } from '../../ports';
import type { ServiceContext } from '../../services/context';
import { asRecord } from '../../shared/as-record';
import { bookingLine, bookingSummary } from '../../shared/booking-messages';
import { sameSecret } from '../../shared/same-secret';
import { accountLanguage, bookingOf, updateBooking } from '../booking/bookings';
import { slotLabel } from '../booking/slot-label';
import { openConnectionSecret } from '../connection-secrets';
import { type InboundAdapter, webhookUrl } from '../module';
import { learnedBranches } from './account';

/**
 * Record webhooks (reference/messengers.md §3.4): the salon's system posts
 * `{company_id, resource, resource_id, status, data}` to the addresses the activation registered.
 * Nothing is signed, so the address carries a random secret. A record the bot made (a booking row)
 * that changed or was deleted there gets a line in its dialogue; anything else is acknowledged.
 */

const SECRET_PARAMETER = 'secret';

export const salonHookUrl = (settings: AppSettings, integration: Integration, secret: string) =>
  `${webhookUrl(settings, integration)}?${SECRET_PARAMETER}=${encodeURIComponent(secret)}`;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The record's services, time and master as the dialogue's line says them. */
function summaryOf(
  integration: Integration,
  companyId: string,
  record: Record<string, unknown>,
  lang: 'ru' | 'en',
) {
  const zone =
    learnedBranches(integration).find((branch) => branch.id === companyId)?.time_zone ?? 'Europe/Moscow';
  const at = new Date(text(record.datetime));
  const services = (Array.isArray(record.services) ? record.services : [])
    .map((service) => text(asRecord(service).title))
    .filter(Boolean);
  return {
    startsAt: Number.isNaN(at.getTime()) ? null : at,
    summary: bookingSummary(lang, {
      services,
      when: Number.isNaN(at.getTime()) ? '' : slotLabel(at, zone, lang),
      staff: text(asRecord(record.staff).name) || null,
    }),
  };
}

async function followRecord(
  ctx: ServiceContext,
  integration: Integration,
  event: { companyId: string; recordId: string; status: string; record: Record<string, unknown> },
  note: (chatId: string, key: string, text: string) => Promise<void>,
) {
  const booking = await bookingOf(ctx, integration.id, event.recordId);
  if (!booking?.chatId) return;
  const deleted = event.status === 'delete' || event.record.deleted === true;
  if (!deleted && event.status !== 'update') return;
  const lang = await accountLanguage(ctx, integration.accountId);
  const { summary, startsAt } = summaryOf(integration, event.companyId, event.record, lang);
  const shown = summary || booking.summary;
  const news = deleted ? 'cancelled' : 'changed';
  // One line per change: a redelivery of the same news writes nothing new.
  if (deleted ? booking.state === 'cancelled' : booking.summary === shown) return;
  await note(
    booking.chatId,
    `${integration.id}:${event.recordId}:${news}:${shown}`,
    bookingLine(news, lang, shown),
  );
  await updateBooking(
    ctx,
    booking.id,
    deleted ? { state: 'cancelled' } : { state: 'changed', summary: shown, startsAt },
  );
}

export const salonInbound: InboundAdapter = {
  async verify(settings, integration, request) {
    const expected = await openConnectionSecret(settings.secretsKey, integration, 'webhook_secret');
    const given = request.query(SECRET_PARAMETER);
    return expected !== null && given !== undefined && sameSecret(given, expected);
  },
  parse(_integration, request) {
    const body = asRecord(request.body);
    const resource = text(body.resource);
    const recordId = body.resource_id === undefined ? '' : String(body.resource_id);
    if (!resource || !recordId) return null;
    if (resource !== 'record') return { messages: [] };
    const event = {
      companyId: String(body.company_id ?? ''),
      recordId,
      status: text(body.status),
      record: asRecord(body.data),
    };
    return {
      messages: [],
      followUp: (ctx, integration, _receive, note) => followRecord(ctx, integration, event, note),
    };
  },
};
