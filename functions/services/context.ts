import type { Account } from '../../db/schema';
import type { AppSettings, Ports } from '../ports';
import type { Language } from '../shared/constants';

/** What every service call receives: the ports, the settings, and who is asking. */
export interface ServiceContext {
  ports: Ports;
  settings: AppSettings;
  lang: Language;
  clientIp: string;
}

export interface AccountContext extends ServiceContext {
  account: Account;
  sessionId: string | null;
}
