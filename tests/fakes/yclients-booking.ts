import { randomBytes } from 'node:crypto';
import { isRefusal, placeAppointments, readAppointments } from './yclients-appointments';
import {
  type FakeRecord,
  type Flavour,
  lengthOf,
  type SlotView,
  slotsOf,
  staffFor,
  workingDates,
} from './yclients-salon';
import { isoInZone, localDate, parseDateTime } from './yclients-time';
import { type Answer, companyView, fail, ok, recordView } from './yclients-views';

/**
 * The company-data endpoints of the fake (`/api/v1/company/…`, `book_*`), answering the v2
 * envelope `{success, data, meta}` with the shapes of the YCLIENTS apib and the Altegio reference.
 * Who may call them is decided before (yclients.ts); here the salon is known and reachable.
 */

export interface BookingContext extends SlotView {
  flavour: Flavour;
  /** Phones (digits) the salon put on its black list. */
  blocked: Set<string>;
  nextRecordId: () => number;
}

const TEXTS = {
  yclients: {
    noStaff: 'Сотрудник не найден.',
    badDate: 'Неверный формат даты',
    noName: 'Не указано имя клиента',
    badPhone: 'Неверный формат номера телефона',
    blocked: 'Клиент находится в черном списке и не может записаться',
    noRecord: 'Запись не найдена',
  },
  altegio: {
    noStaff: 'Team member not found.',
    badDate: 'Invalid date format',
    noName: 'Client name not specified',
    badPhone: 'Invalid phone number format',
    blocked: 'The client is blacklisted and cannot book',
    noRecord: 'Appointment not found',
  },
} as const;

/** `service_ids[]=1&service_ids[]=2` (also `service_ids=1,2`), as integers. */
export function serviceIdsOf(query: URLSearchParams): number[] {
  const ids: number[] = [];
  for (const [key, value] of query) {
    if (!/^service_ids(\[\d*\])?$/.test(key)) continue;
    for (const part of value.split(',')) if (/^\d+$/.test(part.trim())) ids.push(Number(part));
  }
  return ids;
}

function services(ctx: BookingContext, query: URLSearchParams): Answer {
  const staffId = Number(query.get('staff_id') ?? 0);
  const staff = staffId ? ctx.salon.staff.get(staffId) : undefined;
  const list = [...ctx.salon.services.values()].filter(
    (service) => !staffId || staff?.serviceIds.includes(service.id),
  );
  return ok({
    events: [],
    services: list.map((service) => ({
      ...service,
      category_id: 0,
      discount: 0,
      comment: '',
      weight: 0,
      active: 1,
      sex: 0,
      image: '',
      prepaid: 'forbidden',
    })),
    category: [],
  });
}

/** The first salon-local date with a free slot for those services, or null. */
function firstFreeDate(ctx: BookingContext, staffId: number, serviceIds: number[]): string | null {
  const staff = staffFor(ctx.salon, staffId, serviceIds);
  return (
    workingDates(ctx.salon, staff).find((date) => slotsOf(ctx, staffId, date, serviceIds).length > 0) ?? null
  );
}

function staffList(ctx: BookingContext, query: URLSearchParams): Answer {
  const serviceIds = serviceIdsOf(query);
  const at = query.get('datetime')
    ? parseDateTime(ctx.salon.company.timezone_name, query.get('datetime'))
    : null;
  const zone = ctx.salon.company.timezone_name;
  return ok(
    staffFor(ctx.salon, 0, serviceIds).map((staff) => {
      const seanceDate = firstFreeDate(ctx, staff.id, serviceIds);
      const bookable =
        at === null
          ? seanceDate !== null
          : slotsOf(ctx, staff.id, localDate(zone, at), serviceIds).some((slot) => slot.start === at);
      return {
        id: staff.id,
        name: staff.name,
        specialization: staff.specialization,
        position: { id: 0, title: staff.specialization },
        bookable,
        weight: 0,
        show_rating: 0,
        rating: 0,
        votes_count: 0,
        comments_count: 0,
        avatar: '',
        information: '',
        seance_date: seanceDate,
      };
    }),
  );
}

function dates(ctx: BookingContext, query: URLSearchParams): Answer {
  const serviceIds = serviceIdsOf(query);
  const staffId = Number(query.get('staff_id') ?? 0);
  const month = (query.get('date') ?? '').slice(0, 7);
  const working = workingDates(ctx.salon, staffFor(ctx.salon, staffId, serviceIds)).filter(
    (date) => !month || date.startsWith(month),
  );
  const booking = working.filter((date) => slotsOf(ctx, staffId, date, serviceIds).length > 0);
  const byMonth = (list: string[]) => {
    const grouped: Record<string, string[]> = {};
    for (const date of list) {
      const [, m = '', d = ''] = date.split('-');
      const key = String(Number(m));
      grouped[key] = [...(grouped[key] ?? []), String(Number(d))];
    }
    return grouped;
  };
  return ok({
    booking_days: byMonth(booking),
    booking_dates: booking,
    working_days: byMonth(working),
    working_dates: working,
  });
}

function times(ctx: BookingContext, staffId: number, date: string, query: URLSearchParams): Answer {
  const texts = TEXTS[ctx.flavour];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return fail(422, texts.badDate);
  if (staffId !== 0 && !ctx.salon.staff.has(staffId)) return fail(404, texts.noStaff);
  const serviceIds = serviceIdsOf(query);
  return ok(
    slotsOf(ctx, staffId, date, serviceIds).map((slot) => ({
      time: slot.time,
      seance_length: slot.length,
      sum_length: slot.length,
      datetime: slot.datetime,
    })),
  );
}

function check(ctx: BookingContext, body: Record<string, unknown>): Answer {
  const appointments = readAppointments(ctx.flavour, body.appointments);
  const placed = isRefusal(appointments) ? appointments : placeAppointments(ctx, ctx.flavour, appointments);
  if (isRefusal(placed)) return refusal(placed);
  // YCLIENTS documents an empty 201; Altegio shows the envelope with meta.message "Created".
  return ctx.flavour === 'yclients'
    ? { status: 201 }
    : { status: 201, body: { success: true, data: null, meta: { message: 'Created' } } };
}

const refusal = (r: { status: number; code: number; message: string; id?: number }) =>
  fail(r.status, r.message, [
    { code: r.code, message: r.message, ...(r.id === undefined ? {} : { id: r.id }) },
  ]);

const answerOf = (records: FakeRecord[]) =>
  ok(
    records.map((record) => ({ id: record.appointment_id, record_id: record.id, record_hash: record.hash })),
    201,
  );

function book(ctx: BookingContext, body: Record<string, unknown>): Answer {
  const texts = TEXTS[ctx.flavour];
  const { salon } = ctx;
  const fullname = typeof body.fullname === 'string' ? body.fullname.trim() : '';
  if (!fullname) return refusal({ status: 422, code: 435, message: texts.noName });
  const phone =
    typeof body.phone === 'string' || typeof body.phone === 'number'
      ? String(body.phone).replace(/[\s()+-]/g, '')
      : '';
  if (!/^\d{10,15}$/.test(phone)) return refusal({ status: 422, code: 431, message: texts.badPhone });
  const appointments = readAppointments(ctx.flavour, body.appointments);
  if (isRefusal(appointments)) return refusal(appointments);
  if (ctx.blocked.has(phone)) return refusal({ status: 403, code: 434, message: texts.blocked });
  const apiId =
    typeof body.api_id === 'string' || typeof body.api_id === 'number' ? String(body.api_id) : null;
  const earlier = ctx.records.filter(
    (record) => record.company_id === salon.company.id && record.api_id === apiId,
  );
  if (apiId && earlier.length > 0) return answerOf(earlier);
  const placed = placeAppointments(ctx, ctx.flavour, appointments);
  if (isRefusal(placed)) return refusal(placed);
  const zone = salon.company.timezone_name;
  const made = placed.map(({ appointment, slot }) => ({
    id: ctx.nextRecordId(),
    hash: randomBytes(16).toString('hex'),
    company_id: salon.company.id,
    staff_id: slot.staffId,
    services: appointment.services,
    datetime: slot.datetime,
    seance_length: lengthOf(salon, appointment.services, slot.staffId),
    phone,
    fullname,
    email: typeof body.email === 'string' ? body.email : '',
    comment: typeof body.comment === 'string' ? body.comment : '',
    notify_by_sms: Number.isInteger(body.notify_by_sms) ? (body.notify_by_sms as number) : 0,
    api_id: apiId,
    master_requested: appointment.staff_id !== 0,
    appointment_id: appointment.id,
    create_date: isoInZone(zone, ctx.now),
    deleted: false,
  }));
  ctx.records.push(...made);
  return answerOf(made);
}

function readBack(ctx: BookingContext, recordId: number, hash: string): Answer {
  const record = ctx.records.find(
    (row) => row.company_id === ctx.salon.company.id && row.id === recordId && row.hash === hash,
  );
  return record ? ok(recordView(ctx.salon, record, ctx.now)) : fail(404, TEXTS[ctx.flavour].noRecord);
}

/** `parts` is the path after `/api/v1/` split by "/": [resource, companyId, ...rest]. */
export function companyCall(
  ctx: BookingContext,
  method: string,
  parts: string[],
  query: URLSearchParams,
  body: Record<string, unknown>,
): Answer | null {
  const [resource, , a, b] = parts;
  if (method === 'GET' && resource === 'company' && parts.length === 2)
    return ok(companyView(ctx.salon, ctx.now));
  if (method === 'GET' && resource === 'book_services' && parts.length === 2) return services(ctx, query);
  if (method === 'GET' && resource === 'book_staff' && parts.length === 2) return staffList(ctx, query);
  if (method === 'GET' && resource === 'book_dates' && parts.length === 2) return dates(ctx, query);
  if (method === 'GET' && resource === 'book_times' && parts.length === 4 && /^\d+$/.test(a ?? ''))
    return times(ctx, Number(a), b ?? '', query);
  if (method === 'POST' && resource === 'book_check' && parts.length === 2) return check(ctx, body);
  if (method === 'POST' && resource === 'book_record' && parts.length === 2) return book(ctx, body);
  if (method === 'GET' && resource === 'book_record' && parts.length === 4 && /^\d+$/.test(a ?? ''))
    return readBack(ctx, Number(a), b ?? '');
  return null;
}

export const COMPANY_RESOURCES = new Set([
  'company',
  'book_services',
  'book_staff',
  'book_dates',
  'book_times',
  'book_check',
  'book_record',
]);
