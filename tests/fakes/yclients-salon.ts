import {
  hhmmOf,
  isoInZone,
  localDate,
  localTime,
  localToInstant,
  minutesOf,
  parseDateTime,
} from './yclients-time';

/**
 * One salon (a YCLIENTS "company", an Altegio "location") of the fake: its services, staff, their
 * working hours, the slots someone else took, and the free time that is left. A slot is free when
 * it is in the future on the fake's clock, inside the staff member's hours with the whole seance
 * fitting before the end, and overlaps neither a record nor a taken slot.
 */

export type Flavour = 'yclients' | 'altegio';

export interface SalonCompany {
  id: number;
  title: string;
  address: string;
  timezone_name: string;
}
export interface SalonService {
  id: number;
  title: string;
  price_min: number;
  price_max: number;
  /** Seconds. */
  seance_length: number;
}
export interface SalonStaff {
  id: number;
  name: string;
  specialization: string;
  serviceIds: number[];
}
interface Schedule {
  from: string;
  to: string;
  stepMinutes: number;
  dates: string[];
}
interface Busy {
  staffId: number;
  start: number;
  end: number;
}

/** What book_record made; `datetime` is ISO in the salon's zone. */
export interface FakeRecord {
  id: number;
  hash: string;
  company_id: number;
  staff_id: number;
  services: number[];
  datetime: string;
  seance_length: number;
  phone: string;
  fullname: string;
  email: string;
  comment: string;
  notify_by_sms: number;
  api_id: string | null;
  master_requested: boolean;
  /** The caller's `appointments[].id` this record answered. */
  appointment_id: number;
  create_date: string;
  deleted: boolean;
}

export interface Salon {
  company: SalonCompany;
  services: Map<number, SalonService>;
  staff: Map<number, SalonStaff>;
  schedules: Map<number, Schedule>;
  busy: Busy[];
}

export interface Slot {
  staffId: number;
  start: number;
  time: string;
  datetime: string;
  length: number;
}

/** Who asks, and when: the state a slot is free in. */
export interface SlotView {
  salon: Salon;
  records: FakeRecord[];
  now: number;
}

export const newSalon = (company: SalonCompany): Salon => ({
  company,
  services: new Map(),
  staff: new Map(),
  schedules: new Map(),
  busy: [],
});

export const doesAll = (staff: SalonStaff, serviceIds: number[]) =>
  serviceIds.every((id) => staff.serviceIds.includes(id));

/** The seance's length in seconds: its services together, else one step of the staff's grid. */
export function lengthOf(salon: Salon, serviceIds: number[], staffId: number): number {
  if (serviceIds.length > 0)
    return serviceIds.reduce((sum, id) => sum + (salon.services.get(id)?.seance_length ?? 0), 0);
  return (salon.schedules.get(staffId)?.stepMinutes ?? 60) * 60;
}

function taken(view: SlotView, staffId: number, start: number, end: number, extra: Busy[]): boolean {
  const overlaps = (busy: { start: number; end: number }) => busy.start < end && start < busy.end;
  const { salon, records } = view;
  return (
    salon.busy.some((busy) => busy.staffId === staffId && overlaps(busy)) ||
    extra.some((busy) => busy.staffId === staffId && overlaps(busy)) ||
    records.some(
      (record) =>
        !record.deleted &&
        record.company_id === salon.company.id &&
        record.staff_id === staffId &&
        overlaps({
          start: Date.parse(record.datetime),
          end: Date.parse(record.datetime) + record.seance_length * 1000,
        }),
    )
  );
}

/** The free slots of one staff member on a salon-local date for those services. */
export function staffSlots(
  view: SlotView,
  staffId: number,
  date: string,
  serviceIds: number[],
  extra: Busy[] = [],
): Slot[] {
  const { salon } = view;
  const staff = salon.staff.get(staffId);
  const schedule = salon.schedules.get(staffId);
  if (!staff || !schedule?.dates.includes(date) || !doesAll(staff, serviceIds)) return [];
  const zone = salon.company.timezone_name;
  const length = lengthOf(salon, serviceIds, staffId);
  const slots: Slot[] = [];
  const end = minutesOf(schedule.to);
  for (
    let minute = minutesOf(schedule.from);
    minute * 60 + length <= end * 60;
    minute += schedule.stepMinutes
  ) {
    const start = localToInstant(zone, date, hhmmOf(minute));
    if (start <= view.now || taken(view, staffId, start, start + length * 1000, extra)) continue;
    slots.push({ staffId, start, time: localTime(zone, start), datetime: isoInZone(zone, start), length });
  }
  return slots;
}

/** The staff a request names: one member, or everyone who does those services (staff_id 0). */
export function staffFor(salon: Salon, staffId: number, serviceIds: number[]): SalonStaff[] {
  const all = [...salon.staff.values()].filter((staff) => doesAll(staff, serviceIds));
  return staffId === 0 ? all : all.filter((staff) => staff.id === staffId);
}

/** Free slots of a staff member, or of anyone for staff_id 0 (one per start time). */
export function slotsOf(view: SlotView, staffId: number, date: string, serviceIds: number[]): Slot[] {
  const byStart = new Map<number, Slot>();
  for (const staff of staffFor(view.salon, staffId, serviceIds)) {
    for (const slot of staffSlots(view, staff.id, date, serviceIds))
      if (!byStart.has(slot.start)) byStart.set(slot.start, slot);
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/** The salon-local dates those staff work, ascending. */
export function workingDates(salon: Salon, staff: SalonStaff[]): string[] {
  const dates = new Set<string>();
  for (const member of staff) for (const date of salon.schedules.get(member.id)?.dates ?? []) dates.add(date);
  return [...dates].sort();
}

export function setSchedule(
  salon: Salon,
  staffId: number,
  now: number,
  hours: { from: string; to: string; stepMinutes?: number; days?: number },
) {
  const today = localDate(salon.company.timezone_name, now);
  const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
  const dates = Array.from({ length: hours.days ?? 14 }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10),
  );
  salon.schedules.set(staffId, {
    from: hours.from,
    to: hours.to,
    stepMinutes: hours.stepMinutes ?? 60,
    dates,
  });
}

/** Another client takes the slot at that time: one step of the staff member's grid. */
export function occupy(salon: Salon, staffId: number, datetime: string) {
  const start = parseDateTime(salon.company.timezone_name, datetime);
  if (start === null) throw new Error(`occupy: not an ISO date-time: ${datetime}`);
  const minutes = salon.schedules.get(staffId)?.stepMinutes ?? 60;
  salon.busy.push({ staffId, start, end: start + minutes * 60_000 });
}
