import type { IntegrationType } from '../../db/schema/integrations';

/**
 * amoCRM and Kommo are one system on two hosts (reference/crm.md §1.1): the Russian amoCRM on
 * `*.amocrm.ru` and the international Kommo on `*.kommo.com` (older accounts `*.amocrm.com`). The
 * consent page redirects back with `referer`, the account's own domain, where every API call goes.
 */
export type AmoType = Extract<IntegrationType, 'amocrm' | 'kommo'>;

export const AMO_TYPES: readonly AmoType[] = ['amocrm', 'kommo'];

export const isAmoType = (type: string): type is AmoType => type === 'amocrm' || type === 'kommo';

/** The account domains of each host. */
const DOMAINS: Record<AmoType, RegExp> = {
  amocrm: /^[a-z0-9][a-z0-9-]{0,62}\.amocrm\.ru$/,
  kommo: /^[a-z0-9][a-z0-9-]{0,62}\.(kommo|amocrm)\.com$/,
};

/** The account domain the redirect named, when it is one of the host's (anything else is refused). */
export function amoAccountDomain(type: AmoType, referer: unknown): string | null {
  if (typeof referer !== 'string') return null;
  const domain = referer
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  return DOMAINS[type].test(domain) ? domain : null;
}

/**
 * Which host a redirect came from: the referer's domain, else the `platform` parameter (1 amoCRM,
 * 2 Kommo), else amoCRM.
 */
export function amoTypeOfRedirect(referer: string, platform: string | null): AmoType {
  if (amoAccountDomain('kommo', referer)) return 'kommo';
  if (amoAccountDomain('amocrm', referer)) return 'amocrm';
  return platform === '2' ? 'kommo' : 'amocrm';
}

/** One (pipeline, status) pair of the deals a bot works on; status ids repeat across pipelines. */
export interface AmoSelectionItem {
  pipeline_id: string;
  status_id: string;
}
