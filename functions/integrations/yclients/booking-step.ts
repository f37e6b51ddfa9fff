import type { ToolCallInput } from '../../engine/actions/action-runner';
import type { ToolResult, Turn } from '../../engine/turn';
import type { SalonBranch } from '../../shared/booking';
import { slotLabel } from '../booking/slot-label';
import type { ActionOf } from '../crm-action';
import { bookableServices, type SalonTime } from './booking-api';
import type { SalonClient } from './client';

/** What every step of the salon booking tool works with (booking-action.ts), and how it answers. */

export type Booking = ActionOf<'booking'>;
export type Args = Partial<
  Record<'step' | 'branch_id' | 'service_id' | 'staff_id' | 'date' | 'datetime' | 'name' | 'phone', string>
>;

export const answer = (value: Record<string, unknown>): ToolResult => ({ content: JSON.stringify(value) });
export const refuse = (error: string, more: Record<string, unknown> = {}) =>
  answer({ ok: false, error, ...more });

export interface Step {
  turn: Turn;
  action: Booking;
  api: SalonClient;
  branch: SalonBranch;
  args: Args;
}

/** The tool's arguments as text; anything not text or a number is left out. */
export function argsOf(call: ToolCallInput): Args {
  const raw = call.arguments;
  if (typeof raw !== 'object' || raw === null) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>)
      .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
      .map(([key, value]) => [key, String(value).trim()]),
  );
}

/** A free time as the model is given it: the exact time to book and its label for the customer. */
export const timeView = (step: Step, time: SalonTime) => ({
  datetime: time.datetime,
  label: slotLabel(time.at, step.branch.time_zone, step.turn.account.lang),
});

/** A service of the branch the action may book, or null. */
export async function allowedService(step: Step, serviceId: string | undefined) {
  if (!serviceId) return null;
  const allowed = step.action.settings.service_ids;
  if (allowed.length > 0 && !allowed.includes(serviceId)) return null;
  const services = await bookableServices(step.api, step.branch);
  return services.find((service) => service.id === serviceId) ?? null;
}
