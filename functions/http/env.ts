import type { Account } from '../../db/schema';
import type { AppSettings, Ports } from '../ports';
import type { Language } from '../shared/constants';

export interface AppVariables {
  ports: Ports;
  settings: AppSettings;
  lang: Language;
  /** The caller as a rate-limit subject: an IPv4 address, an IPv6 /64, or "unknown" (address-subject.ts). */
  clientIp: string;
  account: Account;
  /** The session behind a token login; null when an API key authenticated the request. */
  sessionId: string | null;
}

export interface AppEnv {
  Variables: AppVariables;
}
