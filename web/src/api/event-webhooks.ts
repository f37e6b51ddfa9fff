import type {
  CreatedEventWebhookEndpoint,
  EventType,
  EventWebhookDeliveryList,
  EventWebhookEndpointList,
  EventWebhookEndpointView,
} from '../../../functions/shared/event-webhooks';
import { api } from './client';
import { useApi } from './swr';

export type {
  CreatedEventWebhookEndpoint,
  EventType,
  EventWebhookDeliveryView,
  EventWebhookEndpointView,
} from '../../../functions/shared/event-webhooks';

export interface EventWebhookInput {
  url: string;
  events: EventType[];
}

const PATH = '/api/event-webhooks';
const endpointPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

/** The account's event webhook endpoints and what can be done to them (docs/api.md#event-webhooks). */
export function useEventWebhooks() {
  const swr = useApi<EventWebhookEndpointList>(PATH);
  const create = async (input: EventWebhookInput) => {
    const created = await api<CreatedEventWebhookEndpoint>('POST', PATH, input);
    await swr.mutate();
    return created;
  };
  const update = async (id: string, changes: Partial<EventWebhookInput> & { enabled?: boolean }) => {
    await api<{ endpoint: EventWebhookEndpointView }>('PATCH', endpointPath(id), changes);
    await swr.mutate();
  };
  const remove = async (id: string) => {
    await api<null>('DELETE', endpointPath(id));
    await swr.mutate();
  };
  return { ...swr, create, update, remove };
}

/** One page of an endpoint's deliveries, newest first; null `id` loads nothing. */
export function useEventWebhookDeliveries(id: string | null, page: number) {
  const swr = useApi<EventWebhookDeliveryList>(id ? `${endpointPath(id)}/deliveries?page=${page}` : null, {
    keepPreviousData: true,
  });
  const resend = async (deliveryId: string) => {
    if (!id) return;
    await api('POST', `${endpointPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`);
    await swr.mutate();
  };
  return { ...swr, resend };
}
