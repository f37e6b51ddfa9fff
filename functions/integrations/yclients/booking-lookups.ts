import { SLOT_WINDOW_DAYS } from '../../shared/booking';
import { localDate } from '../booking/slot-label';
import { bookableDates, bookableServices, freeTimes, type SalonTime, staffFor } from './booking-api';
import { allowedService, answer, refuse, type Step, timeView } from './booking-step';

/**
 * The looking steps of the salon booking tool: the services the action may book (prices,
 * durations), the masters for a service, and the free times — a date's, or those of the nearest
 * bookable dates within SPEC §9's 7 days — in the salon's zone, labelled for the customer.
 */

const addDays = (date: string, days: number) => {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

export async function listServices(step: Step) {
  const allowed = step.action.settings.service_ids;
  const services = (await bookableServices(step.api, step.branch)).filter(
    (service) => allowed.length === 0 || allowed.includes(service.id),
  );
  return answer({ ok: true, branch: step.branch.title, services });
}

export async function listStaff(step: Step) {
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

export async function listTimes(step: Step) {
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
