import { asRecord } from '../../shared/as-record';
import type { BookingService, SalonBranch } from '../../shared/booking';
import type { SalonClient } from './client';

/**
 * Online booking in one branch (reference/messengers.md §3.2): services, staff, bookable dates and
 * times, then check and create the record. Read into plain shapes; what the system answers beyond
 * them is ignored.
 */

export interface SalonStaff {
  id: string;
  name: string;
  specialization: string;
}

/** A free time as the system gave it: `datetime` carries the salon's offset. */
export interface SalonTime {
  datetime: string;
  at: Date;
}

export interface SalonAppointment {
  serviceId: string;
  staffId: string;
  datetime: string;
}

export interface SalonCustomer {
  name: string;
  phone: string;
}

const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.map((item) => asRecord(item)) : [];
const price = (value: unknown): number | null => {
  const n = Number(value);
  return value === undefined || value === null || value === '' || !Number.isFinite(n) ? null : n;
};

export async function bookableServices(api: SalonClient, branch: SalonBranch): Promise<BookingService[]> {
  const data = asRecord(await api.get(`/book_services/${branch.id}`));
  return list(data.services).map((service) => ({
    id: String(service.id),
    title: String(service.title ?? service.id),
    price_min: price(service.price_min),
    price_max: price(service.price_max),
    duration_minutes:
      price(service.seance_length) === null ? null : Math.round(Number(service.seance_length) / 60),
  }));
}

export async function staffFor(
  api: SalonClient,
  branch: SalonBranch,
  serviceId: string,
): Promise<SalonStaff[]> {
  const data = await api.get(`/book_staff/${branch.id}`, { service_ids: [serviceId] });
  return list(data)
    .filter((staff) => staff.bookable !== false)
    .map((staff) => ({
      id: String(staff.id),
      name: String(staff.name ?? staff.id),
      specialization: typeof staff.specialization === 'string' ? staff.specialization : '',
    }));
}

export async function bookableDates(
  api: SalonClient,
  branch: SalonBranch,
  serviceId: string,
  staffId: string,
): Promise<string[]> {
  const data = asRecord(
    await api.get(`/book_dates/${branch.id}`, {
      service_ids: [serviceId],
      ...(staffId !== '0' ? { staff_id: staffId } : {}),
    }),
  );
  const dates = Array.isArray(data.booking_dates) ? data.booking_dates : [];
  return dates
    .filter((date): date is string => typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date))
    .sort();
}

export async function freeTimes(
  api: SalonClient,
  branch: SalonBranch,
  serviceId: string,
  staffId: string,
  date: string,
): Promise<SalonTime[]> {
  const data = await api.get(`/book_times/${branch.id}/${staffId}/${date}`, { service_ids: [serviceId] });
  return list(data)
    .map((slot) => ({ datetime: String(slot.datetime ?? ''), at: new Date(String(slot.datetime ?? '')) }))
    .filter((slot) => !Number.isNaN(slot.at.getTime()));
}

const appointments = (appointment: SalonAppointment) => [
  {
    id: 1,
    services: [Number(appointment.serviceId)],
    staff_id: Number(appointment.staffId),
    datetime: appointment.datetime,
  },
];

/** Throws SalonError 422 with code 433 (time busy), 436 (no staff) … when it cannot be booked. */
export async function checkBookable(api: SalonClient, branch: SalonBranch, appointment: SalonAppointment) {
  await api.post(`/book_check/${branch.id}`, { appointments: appointments(appointment) });
}

/** Creates the record; `apiId` makes a repeated call answer the same record. */
export async function createRecord(
  api: SalonClient,
  branch: SalonBranch,
  appointment: SalonAppointment,
  customer: SalonCustomer,
  extra: { apiId: string; comment: string; notifyBySms: boolean },
): Promise<{ recordId: string; recordHash: string }> {
  const data = await api.post(`/book_record/${branch.id}`, {
    phone: customer.phone,
    fullname: customer.name,
    email: '',
    code: '',
    comment: extra.comment,
    notify_by_sms: extra.notifyBySms ? 1 : 0,
    notify_by_email: 0,
    api_id: extra.apiId,
    appointments: appointments(appointment),
  });
  const first = list(data)[0] ?? asRecord(data);
  const recordId = first.record_id ?? first.id;
  if (recordId === undefined || recordId === null) throw new Error('book_record answered no record id');
  return { recordId: String(recordId), recordHash: String(first.record_hash ?? '') };
}
