import { type Flavour, type Slot, type SlotView, staffFor, staffSlots } from './yclients-salon';
import { localDate, localTime, parseDateTime } from './yclients-time';

/**
 * `appointments[]` of book_check and book_record, checked as the real system does (docs: YCLIENTS
 * apib "Проверка параметров записи", Altegio "Validate Booking Parameters"). A refusal is 422 with
 * `meta.errors: [{code, message}]`; the code says why: 433 the time is taken or not worked, 436 no
 * staff member can take it (staff_id 0, or one who does not do the service), 437 it overlaps
 * another appointment of the same request, 438 a service that does not exist, 422 no services.
 */

export interface Appointment {
  id: number;
  services: number[];
  staff_id: number;
  datetime: string;
}

export interface Booked {
  appointment: Appointment;
  slot: Slot;
}

export interface Refusal {
  status: number;
  code: number;
  message: string;
  /** The `appointments[].id` the refusal is about (433, 437). */
  id?: number;
}

const TEXTS = {
  yclients: {
    shape: 'Неверные параметры записи',
    noServices: 'Не указаны услуги или акции',
    noService: 'Нет записи на указанную услугу/акцию',
    noStaff: 'Нет сотрудников, доступных для записи',
    busy: (who: string, at: string) =>
      `К сотруднику ${who} нельзя записаться на ${at}. Выбранное время уже занято или является нерабочим.`,
    overlap: (who: string, at: string) =>
      `К сотруднику ${who} нельзя записаться на ${at}. Пересечение с предыдущим визитом.`,
  },
  altegio: {
    shape: 'Invalid appointment parameters',
    noServices: 'No services or promotions set',
    noService: 'There is no appointment for the specified service/promotion',
    noStaff: 'No team members available for enrollment',
    busy: (who: string, at: string) =>
      `Team Member ${who} cannot be booked on ${at}. The selected time is already taken or is not working.`,
    overlap: (who: string, at: string) =>
      `Team Member ${who} cannot be booked for ${at}. Intersection with previous visit.`,
  },
} as const;

const isInt = (value: unknown): value is number => Number.isInteger(value);

/** The appointments of a body, or a refusal when they are missing or malformed. */
export function readAppointments(flavour: Flavour, value: unknown): Appointment[] | Refusal {
  const texts = TEXTS[flavour];
  if (!Array.isArray(value) || value.length === 0) return { status: 422, code: 422, message: texts.shape };
  const appointments: Appointment[] = [];
  for (const item of value) {
    const row = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const services = row.services ?? [];
    if (!isInt(row.id) || !isInt(row.staff_id) || row.staff_id < 0 || typeof row.datetime !== 'string')
      return { status: 422, code: 422, message: texts.shape };
    if (!Array.isArray(services) || !services.every(isInt))
      return { status: 422, code: 422, message: texts.shape };
    appointments.push({
      id: row.id,
      services: services as number[],
      staff_id: row.staff_id,
      datetime: row.datetime,
    });
  }
  return appointments;
}

/** Where each appointment lands (staff_id 0 resolved), or the first refusal. */
export function placeAppointments(
  view: SlotView,
  flavour: Flavour,
  appointments: Appointment[],
): Booked[] | Refusal {
  const texts = TEXTS[flavour];
  const { salon } = view;
  const zone = salon.company.timezone_name;
  const booked: Booked[] = [];
  for (const appointment of appointments) {
    const refuse = (code: number, message: string): Refusal => ({
      status: 422,
      code,
      message,
      id: appointment.id,
    });
    if (appointment.services.length === 0) return refuse(422, texts.noServices);
    if (!appointment.services.every((id) => salon.services.has(id))) return refuse(438, texts.noService);
    const start = parseDateTime(zone, appointment.datetime);
    if (start === null) return refuse(422, texts.shape);
    const date = localDate(zone, start);
    const earlier = booked.map(({ slot }) => ({
      staffId: slot.staffId,
      start: slot.start,
      end: slot.start + slot.length * 1000,
    }));
    const candidates = staffFor(salon, appointment.staff_id, appointment.services);
    const at = `${date.split('-').reverse().join('.')} ${localTime(zone, start)}`;
    if (candidates.length === 0) return refuse(436, texts.noStaff);
    let slot: Slot | undefined;
    for (const staff of candidates) {
      slot = staffSlots(view, staff.id, date, appointment.services, earlier).find(
        (free) => free.start === start,
      );
      if (slot) break;
    }
    if (!slot) {
      const first = candidates[0];
      if (appointment.staff_id === 0) return refuse(436, texts.noStaff);
      const who = `${first?.name} (${first?.id})`;
      const alone = staffSlots(view, appointment.staff_id, date, appointment.services).some(
        (free) => free.start === start,
      );
      return alone ? refuse(437, texts.overlap(who, at)) : refuse(433, texts.busy(who, at));
    }
    booked.push({ appointment, slot });
  }
  return booked;
}

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'code' in value;
