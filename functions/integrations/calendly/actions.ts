import type { Integration } from '../../../db/schema';
import type { ActionRunner, ToolCallInput } from '../../engine/actions/action-runner';
import type { ToolResult, Turn } from '../../engine/turn';
import { asRecord } from '../../shared/as-record';
import { safeErrorText } from '../../shared/safe-error';
import { slotLabel } from '../booking/slot-label';
import { type ActionOf, accountIntegration } from '../crm-action';
import { makeOnce } from '../external-effect';
import { NotConnected } from '../oauth-tokens';
import { CalendlyNotConnected, calendlyApi, calendlyTimeZone, learnedEventTypes } from './account';
import { CalendlyError } from './client';
import { isCalendarDate, slotWindow } from './window';

/**
 * The booking action in Calendly (issue #22 §2): the model asks for free times of the chosen event
 * type (the next 7 days, or the 7 days around a date the customer named) and sends the customer
 * the scheduling URL of the time they pick, or asks for a single-use link to the booking page.
 * Every URL carries the chat id as `utm_content`, so Calendly's invitee event finds its dialogue
 * (inbound.ts). Times come only from Calendly; its refusals are the model's error, never a failure.
 */

type BookingAction = ActionOf<'booking'>;

interface Outcome {
  ok: boolean;
  say: Record<string, unknown>;
  detail: string;
}

const failed = (detail: string, error = detail): Outcome => ({
  ok: false,
  say: { ok: false, error },
  detail,
});

export const CALENDLY_BOOKING_PARAMETERS = {
  type: 'object',
  properties: {
    step: {
      type: 'string',
      enum: ['times', 'link'],
      description:
        "'times': get the free times to offer the customer (each with its own booking URL); " +
        "'link': get a one-time link to the booking page where the customer picks a time themselves",
    },
    date: {
      type: 'string',
      description:
        "Only with step 'times' and only when the customer named a day: that day as YYYY-MM-DD " +
        '(times of the 3 days before and after it come too). Leave it out for the next 7 days.',
    },
  },
  required: ['step'],
  additionalProperties: false,
};

/** The URL with the dialogue's id as utm_content: Calendly reports it back with the booking. */
export function withChatRef(url: string, chatId: string): string {
  try {
    const parsed = new URL(url);
    parsed.searchParams.set('utm_content', chatId);
    return parsed.toString();
  } catch {
    return url;
  }
}

async function freeTimes(
  turn: Turn,
  integration: Integration,
  eventType: string,
  date: string | undefined,
): Promise<Outcome> {
  const timeZone = calendlyTimeZone(integration);
  const window = slotWindow(turn.ctx.ports.clock.now(), timeZone, date);
  if (!window) return failed(`${date} has passed`, `${date} is in the past: ask for a date from today on`);
  const api = await calendlyApi(turn.ctx, integration);
  const times = await api.availableTimes(eventType, window.start, window.end);
  const slots = times
    .filter((time) => time.status === 'available')
    .map((time) => {
      const start = new Date(time.start_time);
      return {
        start: start.toISOString(),
        label: slotLabel(start, timeZone, turn.account.lang),
        scheduling_url: withChatRef(time.scheduling_url, turn.chat.id),
      };
    });
  const range = `${window.start.toISOString()}..${window.end.toISOString()}`;
  if (slots.length === 0) {
    return {
      ok: true,
      say: { ok: true, time_zone: timeZone, slots: [], note: 'no free times in this window' },
      detail: `no free times ${range}`,
    };
  }
  return {
    ok: true,
    say: {
      ok: true,
      time_zone: timeZone,
      slots,
      note: 'Offer only these times; send the customer the scheduling_url of the time they choose',
    },
    detail: `${slots.length} free times ${range}`,
  };
}

async function singleUseLink(
  turn: Turn,
  integration: Integration,
  eventType: string,
  call: ToolCallInput,
): Promise<Outcome> {
  const api = await calendlyApi(turn.ctx, integration);
  // A retried answer sends the link made the first time, not a second one.
  const { result } = await makeOnce(turn.ctx, turn.account.id, `${call.effectKey}:calendly-link`, {
    make: async () => ({ url: await api.singleUseLink(eventType) }),
  });
  const url = withChatRef(String(result.url), turn.chat.id);
  return {
    ok: true,
    say: { ok: true, booking_url: url, note: 'Send the customer this link; it books one meeting' },
    detail: 'single-use link',
  };
}

async function outcomeOf(turn: Turn, action: BookingAction, call: ToolCallInput): Promise<Outcome> {
  const integration = await accountIntegration(turn, action.settings.integration_id);
  if (!integration?.activated) return failed('the integration is gone or off', 'Calendly is not connected');
  const eventType = action.settings.event_type;
  if (!eventType) return failed('no event type chosen', 'No event type is chosen in the booking settings');
  const known = learnedEventTypes(integration).find((type) => type.uri === eventType);
  if (known && !known.active) return failed('the event type is switched off in Calendly');
  const args = asRecord(call.arguments);
  const date = typeof args.date === 'string' && args.date.trim() ? args.date.trim() : undefined;
  if (args.step === 'link') return singleUseLink(turn, integration, eventType, call);
  if (args.step !== 'times') return failed('bad step', "step must be 'times' or 'link'");
  if (date !== undefined && !isCalendarDate(date))
    return failed(`bad date ${date}`, 'date must be YYYY-MM-DD');
  return freeTimes(turn, integration, eventType, date);
}

export const calendlyBooking: ActionRunner<BookingAction> = {
  parameters: () => CALENDLY_BOOKING_PARAMETERS,
  async run(turn, action, call): Promise<ToolResult> {
    let outcome: Outcome;
    try {
      outcome = await outcomeOf(turn, action, call);
    } catch (error) {
      outcome =
        error instanceof CalendlyError
          ? failed(error.message, `Calendly refused: ${error.explanation}`)
          : error instanceof NotConnected || error instanceof CalendlyNotConnected
            ? failed(error.message, 'Calendly is not connected')
            : failed(safeErrorText(error), 'Calendly cannot be reached now; offer to try again later');
    }
    turn.actions.push({ name: action.name, type: 'booking', ok: outcome.ok, detail: outcome.detail });
    return { content: JSON.stringify(outcome.say) };
  },
};

export const calendlyActions: Partial<Record<string, ActionRunner>> = {
  booking: calendlyBooking as ActionRunner,
};
