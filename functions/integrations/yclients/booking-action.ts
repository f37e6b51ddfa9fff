import type { Integration } from '../../../db/schema';
import type { ActionRunner, ToolCallInput } from '../../engine/actions/action-runner';
import type { ToolResult, Turn } from '../../engine/turn';
import { type SalonBranch, SLOT_WINDOW_DAYS } from '../../shared/booking';
import { bookingLine, bookingSummary } from '../../shared/booking-messages';
import { hmacHex } from '../../shared/hmac-hex';
import { normalizePhone } from '../../shared/phone';
import { safeErrorText } from '../../shared/safe-error';
import { rememberBooking } from '../booking/bookings';
import { localDate, slotLabel } from '../booking/slot-label';
import { type ActionOf, accountIntegration } from '../crm-action';
import { makeOnce } from '../external-effect';
import { connectedSalonClient, learnedBranches, SalonNotConnected } from './account';
import {
  bookableDates,
  bookableServices,
  checkBookable,
  createRecord,
  freeTimes,
  type SalonTime,
  staffFor,
} from './booking-api';
import type { SalonClient } from './client';
import { SalonError } from './client';

/**
 * The booking action in a salon as the model's tool (issue #22 §1): one tool, four steps — the
 * services it may book, the staff for a service, the free times (a date's, or the nearest bookable
 * dates within SPEC §9's 7 days), and the booking itself once the customer confirmed. Times are the
 * salon's own, labelled for the customer; a time the system did not just list is never booked
 * (the tool's results are the model's only source of times). The record is made once per answer
 * and appointment (`api_id`), a busy time is answered with the free ones, and the record shows in
 * the dialogue and History.
 */

type Booking = ActionOf<'booking'>;
type Args = Partial<
  Record<'step' | 'branch_id' | 'service_id' | 'staff_id' | 'date' | 'datetime' | 'name' | 'phone', string>
>;

const answer = (value: Record<string, unknown>): ToolResult => ({ content: JSON.stringify(value) });
const refuse = (error: string, more: Record<string, unknown> = {}) => answer({ ok: false, error, ...more });

/** The branches the customer may choose: the Get branches actions' of this integration, as learned. */
function branchesOf(turn: Turn, integration: Integration, action: Booking): SalonBranch[] {
  const learned = learnedBranches(integration);
  if (action.settings.branch_id) return learned.filter((branch) => branch.id === action.settings.branch_id);
  const chosen = new Set(
    turn.bot.actions.flatMap((other) =>
      other.type === 'get_branches' && other.settings.integration_id === integration.id
        ? other.settings.branches
        : [],
    ),
  );
  return learned.filter((branch) => chosen.has(branch.id));
}

function argsOf(call: ToolCallInput): Args {
  const raw = call.arguments;
  if (typeof raw !== 'object' || raw === null) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>)
      .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
      .map(([key, value]) => [key, String(value).trim()]),
  );
}

const addDays = (date: string, days: number) => {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

interface Step {
  turn: Turn;
  action: Booking;
  api: SalonClient;
  branch: SalonBranch;
  args: Args;
}

const timeView = (step: Step, time: SalonTime) => ({
  datetime: time.datetime,
  label: slotLabel(time.at, step.branch.time_zone, step.turn.account.lang),
});

async function allowedService(step: Step, serviceId: string | undefined) {
  if (!serviceId) return null;
  const allowed = step.action.settings.service_ids;
  if (allowed.length > 0 && !allowed.includes(serviceId)) return null;
  const services = await bookableServices(step.api, step.branch);
  return services.find((service) => service.id === serviceId) ?? null;
}

async function listServices(step: Step) {
  const allowed = step.action.settings.service_ids;
  const services = (await bookableServices(step.api, step.branch)).filter(
    (service) => allowed.length === 0 || allowed.includes(service.id),
  );
  return answer({ ok: true, branch: step.branch.title, services });
}

async function listStaff(step: Step) {
  const service = await allowedService(step, step.args.service_id);
  if (!service) return refuse('unknown service_id: take one from the services step');
  const staff = await staffFor(step.api, step.branch, service.id);
  return answer({ ok: true, service: service.title, staff, note: "staff_id '0' books any free master" });
}

/** The free times of a date, or of the nearest bookable dates in the 7 days from `from`. */
async function timesAround(step: Step, serviceId: string, staffId: string, date: string | undefined) {
  const today = localDate(step.turn.now, step.branch.time_zone);
  const from = date && date > today ? date : today;
  const until = addDays(from, SLOT_WINDOW_DAYS - 1);
  if (date) {
    const times = await freeTimes(step.api, step.branch, serviceId, staffId, date);
    if (times.length > 0) return { date, times };
  }
  const dates = (await bookableDates(step.api, step.branch, serviceId, staffId)).filter(
    (day) => day >= from && day <= until && day !== date,
  );
  for (const day of dates.slice(0, 3)) {
    const times = await freeTimes(step.api, step.branch, serviceId, staffId, day);
    if (times.length > 0) return { date: day, times, other_dates: dates.filter((other) => other !== day) };
  }
  return { date: date ?? from, times: [] as SalonTime[], other_dates: dates };
}

async function listTimes(step: Step) {
  const service = await allowedService(step, step.args.service_id);
  if (!service) return refuse('unknown service_id: take one from the services step');
  const date = step.args.date && /^\d{4}-\d{2}-\d{2}$/.test(step.args.date) ? step.args.date : undefined;
  const staffId = step.args.staff_id || '0';
  const found = await timesAround(step, service.id, staffId, date);
  return answer({
    ok: true,
    service: service.title,
    time_zone: step.branch.time_zone,
    date: found.date,
    times: found.times.map((time) => timeView(step, time)),
    ...('other_dates' in found ? { other_bookable_dates: found.other_dates } : {}),
    note:
      found.times.length > 0
        ? 'Offer only these times, by their label. To book one, pass its datetime exactly.'
        : 'No free times in this window: offer another date or master.',
  });
}

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

async function book(step: Step, call: ToolCallInput, integration: Integration) {
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
            apiId: (await hmacHex('booking', key)).slice(0, 32),
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

const STEPS = ['services', 'staff', 'times', 'book'] as const;

export const salonBookingRunner: ActionRunner<Booking> = {
  parameters(action) {
    const many = !action.settings.branch_id;
    return {
      type: 'object',
      properties: {
        step: {
          type: 'string',
          enum: STEPS,
          description:
            'services: what can be booked (prices, durations); staff: masters for a service; times: free times for a service (optionally a date YYYY-MM-DD and a master); book: make the booking after the customer confirmed service, time, name and phone',
        },
        ...(many
          ? {
              branch_id: {
                type: 'string',
                description: 'The branch the customer chose (from the branches tool)',
              },
            }
          : {}),
        service_id: { type: 'string', description: 'A service id from the services step' },
        staff_id: { type: 'string', description: "A master's id from the staff step, or '0' for any" },
        date: { type: 'string', description: 'A date YYYY-MM-DD in the salon calendar, for times' },
        datetime: {
          type: 'string',
          description: 'For book: the exact datetime of a time the times step listed',
        },
        name: { type: 'string', description: "For book: the customer's name" },
        phone: { type: 'string', description: "For book: the customer's phone number" },
      },
      required: ['step'],
      additionalProperties: false,
    };
  },

  async run(turn, action, call) {
    const args = argsOf(call);
    const integration = await accountIntegration(turn, action.settings.integration_id);
    if (!integration?.activated) return refuse('the booking system is not connected');
    const branches = branchesOf(turn, integration, action);
    const branch =
      branches.length === 1 ? branches[0] : branches.find((candidate) => candidate.id === args.branch_id);
    if (!branch)
      return refuse(
        branches.length === 0
          ? 'no branch is set up for booking'
          : 'branch_id required: ask which branch, from the branches tool',
      );
    try {
      const api = await connectedSalonClient(turn.ctx, integration);
      const step: Step = { turn, action, api, branch, args };
      switch (args.step) {
        case 'services':
          return await listServices(step);
        case 'staff':
          return await listStaff(step);
        case 'times':
          return await listTimes(step);
        case 'book':
          return await book(step, call, integration);
        default:
          return refuse(`step must be one of ${STEPS.join(', ')}`);
      }
    } catch (error) {
      const detail =
        error instanceof SalonError || error instanceof SalonNotConnected
          ? error.message
          : safeErrorText(error);
      turn.actions.push({ name: action.name, type: 'booking', ok: false, detail });
      return refuse(`the booking system refused: ${detail}`);
    }
  },
};
