import type { Account } from '../../db/schema';
import type { AppSettings, Ports } from '../ports';
import type { Language } from '../shared/constants';

export interface AppVariables {
  ports: Ports;
  settings: AppSettings;
  lang: Language;
  clientIp: string;
  account: Account;
  /** The session behind a token login; null when an API key authenticated the request. */
  sessionId: string | null;
}

export interface AppEnv {
  Variables: AppVariables;
}
