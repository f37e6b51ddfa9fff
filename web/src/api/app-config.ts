import useSWR from 'swr';
import { apiGet } from './client';

/** The sidebar's Support, News and Documentation addresses; null when the installation has none. */
export interface ExternalLinks {
  support: string | null;
  news: string | null;
  docs: string | null;
}

/** GET /api/app-config: the installation's public settings, set at run time (docs/configuration.md). */
export interface AppConfig {
  links: ExternalLinks;
}

/** Read once per page load: the settings change only when the server restarts. */
export const useAppConfig = () =>
  useSWR<AppConfig>('/api/app-config', apiGet, {
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
