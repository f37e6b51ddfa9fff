import type { IntegrationType } from '../../db/schema/integrations';

/**
 * Booking systems (issue #22): salons (YCLIENTS, Altegio: branches, services, staff, records) and
 * calendars (Calendly: event types and their free times). Shared by the server and the web app.
 */

export const SALON_TYPES = ['yclients', 'altegio'] as const satisfies readonly IntegrationType[];
export type SalonType = (typeof SALON_TYPES)[number];
export const BOOKING_TYPES = [...SALON_TYPES, 'calendly'] as const satisfies readonly IntegrationType[];
export type BookingType = (typeof BOOKING_TYPES)[number];

export const isSalonType = (type: string): type is SalonType =>
  (SALON_TYPES as readonly string[]).includes(type);
export const isBookingType = (type: string): type is BookingType =>
  (BOOKING_TYPES as readonly string[]).includes(type);

/** SPEC §9: slots for the next 7 days by default; one date named gives a 7-day window around it. */
export const SLOT_WINDOW_DAYS = 7;

/** A salon's branch as connecting learned it (connection_data.branches). */
export interface SalonBranch {
  id: string;
  title: string;
  address: string;
  /** IANA zone, e.g. Europe/Moscow: times are the salon's own. */
  time_zone: string;
}

/** A service of a branch, for the booking action's settings and the model. */
export interface BookingService {
  id: string;
  title: string;
  /** In the salon's currency, major units as the system lists them; null when not given. */
  price_min: number | null;
  price_max: number | null;
  duration_minutes: number | null;
}

/** A Calendly event type as connecting learned it (connection_data.event_types). */
export interface CalendarEventType {
  uri: string;
  name: string;
  duration_minutes: number | null;
  scheduling_url: string;
  active: boolean;
}
