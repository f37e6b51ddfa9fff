import type { FakeRecord, Salon } from './yclients-salon';
import { localDate, localTime, offsetMinutes } from './yclients-time';

/** The v2 envelope `{success, data, meta}` of the fake salon, and its company and record objects. */

export interface Answer {
  status: number;
  /** undefined: an empty body. */
  body?: unknown;
}

export const ok = (data: unknown, status = 200): Answer => ({
  status,
  body: { success: true, data, meta: [] },
});

export const fail = (status: number, message: string, errors: unknown[] = []): Answer => ({
  status,
  body: { success: false, data: null, meta: { message, errors } },
});

export function companyView(salon: Salon, now: number) {
  const { company } = salon;
  return {
    id: company.id,
    title: company.title,
    address: company.address,
    timezone: offsetMinutes(company.timezone_name, new Date(now)) / 60,
    timezone_name: company.timezone_name,
    country: '',
    city: '',
    phone: '',
    active: 1,
    phone_confirmation: false,
    active_staff_count: salon.staff.size,
  };
}

/** A record as read back and as the record webhooks carry it. */
export function recordView(salon: Salon, record: FakeRecord, now: number) {
  const zone = salon.company.timezone_name;
  const at = Date.parse(record.datetime);
  const staff = salon.staff.get(record.staff_id);
  return {
    id: record.id,
    company_id: record.company_id,
    staff_id: record.staff_id,
    services: record.services.map((id) => {
      const service = salon.services.get(id);
      return {
        id,
        title: service?.title ?? '',
        cost: service?.price_min ?? 0,
        price_min: service?.price_min ?? 0,
        price_max: service?.price_max ?? 0,
        discount: 0,
        amount: 1,
        seance_length: service?.seance_length ?? 0,
      };
    }),
    staff: { id: record.staff_id, name: staff?.name ?? '', specialization: staff?.specialization ?? '' },
    company: companyView(salon, now),
    client: { name: record.fullname, phone: record.phone, email: record.email },
    date: `${localDate(zone, at)} ${localTime(zone, at)}:00`,
    datetime: record.datetime,
    create_date: record.create_date,
    comment: record.comment,
    length: record.seance_length,
    seance_length: record.seance_length,
    deleted: record.deleted,
    online: true,
    attendance: 0,
    visit_attendance: 0,
    notify_by_sms: record.notify_by_sms,
    notify_by_email: 0,
    master_requested: record.master_requested,
    api_id: record.api_id ?? '',
  };
}
