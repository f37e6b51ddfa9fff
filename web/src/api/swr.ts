import useSWR, { type SWRConfiguration } from 'swr';
import { apiGet } from './client';
import { useToken } from './session';

/** SWR keys carry the token, so another account (sign-in, partner switch) never sees cached data. */
export type ApiKey = readonly [path: string, token: string];

export const swrConfig: SWRConfiguration = {
  // Failed loads are offered for retry through the error modal instead of retried silently.
  shouldRetryOnError: false,
  revalidateOnFocus: false,
};

const fetchKey = <T>([path]: ApiKey) => apiGet<T>(path);

/**
 * GET a signed-in resource; nothing is requested while signed out or when `path` is null. `config`
 * adds per-resource behaviour such as polling.
 */
export function useApi<T>(path: string | null, config?: SWRConfiguration<T, unknown>) {
  const token = useToken();
  const key: ApiKey | null = path && token ? [path, token] : null;
  return useSWR<T, unknown, ApiKey | null>(key, fetchKey<T>, config);
}
