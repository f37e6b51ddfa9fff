import type { ApiChannelDeadLetter } from '../../../functions/shared/api-channel';
import { api } from './client';
import { INTEGRATIONS_PATH } from './integrations';
import { useApi } from './swr';

/** The API channel's own calls (docs/channels/api-channel.md): its signing secret and its dead letters. */

const base = (id: string) => `${INTEGRATIONS_PATH}/${encodeURIComponent(id)}`;

/** The secret made on connecting, the first time only; null once shown. */
export const revealSigningSecret = (id: string) =>
  api<{ secret: string | null }>('GET', `${base(id)}/signing-secret`);

/** A new secret in place of the old one, shown this once. */
export const rotateSigningSecret = (id: string) =>
  api<{ secret: string }>('POST', `${base(id)}/signing-secret`);

/** Callbacks given up, newest first; refreshed every half minute while the page is open. */
export function useDeadLetters(id: string, enabled: boolean) {
  const swr = useApi<{ items: ApiChannelDeadLetter[] }>(enabled ? `${base(id)}/dead-letters` : null, {
    refreshInterval: 30_000,
  });
  const retry = async (letterId: string) => {
    await api<{ ok: true }>('POST', `${base(id)}/dead-letters/${encodeURIComponent(letterId)}/retry`);
    await swr.mutate();
  };
  return { items: swr.data?.items ?? [], isLoading: swr.isLoading, error: swr.error, retry };
}
