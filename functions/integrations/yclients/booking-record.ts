import type { Integration } from '../../../db/schema';
import type { ToolCallInput } from '../../engine/actions/action-runner';
import { bookingLine, bookingSummary } from '../../shared/booking-messages';
import { hmacHex } from '../../shared/hmac-hex';
import { normalizePhone } from '../../shared/phone';
import { rememberBooking } from '../booking/bookings';
import { localDate, slotLabel } from '../booking/slot-label';
import { makeOnce } from '../external-effect';
import { checkBookable, createRecord, freeTimes, staffFor } from './booking-api';
import { allowedService, answer, refuse, type Step, timeView } from './booking-step';
import { SalonError } from './client';

/**
 * The booking step: the record is made once per answer and appointment (`api_id` from the answer's
 * effect key), only for a time the system checks is free now; a taken time is answered with the
 * free ones that day. The record shows in the dialogue (a system line) and History.
 */

/** The customer as the record needs them: the tool's arguments, else what the dialogue knows. */
function customerOf(step: Step) {
  const { chat, variables } = step.turn;
  const name = step.args.name || variables.name || variables.client_name || chat.customerName || '';
  const phone = normalizePhone(step.args.phone || variables.phone || chat.customerPhone || '');
  return { name: name.trim(), phone };
}

async function busyAnswer(step: Step, serviceId: string, staffId: string, day: string, reason: string) {
  const times = await freeTimes(step.api, step.branch, serviceId, staffId, day).catch(() => []);
  return refuse(reason, {
    free_times: times.map((time) => timeView(step, time)),
    note: times.length > 0 ? 'Tell the customer the time is taken and offer these.' : 'Offer another date.',
  });
}

export async function book(step: Step, call: ToolCallInput, integration: Integration) {
  const { turn, action, api, branch, args } = step;
  const service = await allowedService(step, args.service_id);
  if (!service) return refuse('unknown service_id: take one from the services step');
  const at = new Date(args.datetime ?? '');
  if (!args.datetime || Number.isNaN(at.getTime()))
    return refuse('datetime required: one from the times step');
  const customer = customerOf(step);
  if (!customer.name) return refuse("the customer's name is needed: ask for it");
  if (!customer.phone) return refuse("the customer's phone number is needed: ask for it");
  const staffId = args.staff_id || '0';
  const day = localDate(at, branch.time_zone);
  const appointment = { serviceId: service.id, staffId, datetime: args.datetime };
  const key = `${call.effectKey}:book:${branch.id}:${service.id}:${staffId}:${at.toISOString()}`;
  let made: { result: { record_id: string; staff: string | null } };
  try {
    made = await makeOnce(turn.ctx, turn.account.id, key, {
      make: async () => {
        // The system checks the time is free now (433/436 otherwise): a time the model made up is never booked.
        await checkBookable(api, branch, appointment);
        const record = await createRecord(
          api,
          branch,
          appointment,
          { name: customer.name, phone: customer.phone as string },
          {
            apiId: hmacHex('booking', key).slice(0, 32),
            comment: call.fill(action.settings.comment),
            notifyBySms: action.settings.notify_by_sms,
          },
        );
        const staff =
          staffId === '0'
            ? null
            : ((await staffFor(api, branch, service.id)).find((s) => s.id === staffId)?.name ?? null);
        return { record_id: record.recordId, staff };
      },
    });
  } catch (error) {
    if (error instanceof SalonError && (error.code === 433 || error.code === 436)) {
      const reason = error.code === 433 ? 'time_busy' : 'no_staff_free';
      turn.actions.push({
        name: action.name,
        type: 'booking',
        ok: false,
        detail: `${reason}: ${args.datetime}`,
      });
      return busyAnswer(step, service.id, staffId, day, reason);
    }
    throw error;
  }
  const lang = turn.account.lang;
  const label = slotLabel(at, branch.time_zone, lang);
  const summary = bookingSummary(lang, { services: [service.title], when: label, staff: made.result.staff });
  await rememberBooking(turn.ctx, {
    accountId: turn.account.id,
    integrationId: integration.id,
    chatId: turn.chat.id,
    externalId: made.result.record_id,
    summary,
    startsAt: at,
  });
  turn.notices.push(bookingLine('created', lang, summary));
  turn.actions.push({ name: action.name, type: 'booking', ok: true, detail: summary });
  return answer({
    ok: true,
    booked: {
      service: service.title,
      when: label,
      staff: made.result.staff,
      branch: branch.title,
      address: branch.address,
    },
  });
}
