import type { BookingService, CalendarEventType, SalonBranch } from '../../../functions/shared/booking';
import { INTEGRATIONS_PATH, type IntegrationView } from './integrations';
import { useApi } from './swr';

/**
 * What a connected booking system has (issue #22): the branches and event types its connecting
 * learned (connection_data), and a branch's services from the server. Read defensively: an item
 * without its id is left out, a missing text is empty.
 */

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const items = (value: unknown) =>
  Array.isArray(value) ? value.map(record).filter((item) => item !== null) : [];

/** A salon's branches (YCLIENTS, Altegio `connection_data.branches`). */
export function salonBranches(
  integration: Pick<IntegrationView, 'connection_data'> | undefined,
): SalonBranch[] {
  return items(integration?.connection_data.branches)
    .map((item) => ({
      id: text(item.id),
      title: text(item.title),
      address: text(item.address),
      time_zone: text(item.time_zone),
    }))
    .filter((branch) => branch.id !== '');
}

/** A Calendly account's event types (`connection_data.event_types`). */
export function calendarEventTypes(
  integration: Pick<IntegrationView, 'connection_data'> | undefined,
): CalendarEventType[] {
  return items(integration?.connection_data.event_types)
    .map((item) => ({
      uri: text(item.uri),
      name: text(item.name),
      duration_minutes: typeof item.duration_minutes === 'number' ? item.duration_minutes : null,
      scheduling_url: text(item.scheduling_url),
      active: item.active !== false,
    }))
    .filter((type) => type.uri !== '');
}

/** GET /api/integrations/{id}/booking/services?branch_id= : nothing is asked without both. */
export function useBookingServices(integrationId: string | null, branchId: string | null) {
  const path =
    integrationId && branchId
      ? `${INTEGRATIONS_PATH}/${encodeURIComponent(integrationId)}/booking/services?branch_id=${encodeURIComponent(branchId)}`
      : null;
  const { data, error, isLoading, mutate } = useApi<{ services: BookingService[] }>(path);
  return {
    items: Array.isArray(data?.services) ? data.services : [],
    error,
    isLoading: path !== null && isLoading,
    retry: () => void mutate(),
  };
}
