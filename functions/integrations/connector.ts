import type { Integration } from '../../db/schema';
import type { AccountContext } from '../services/context';

/** What a successful connection learned: the external account and data to keep beside the settings. */
export interface ConnectorSuccess {
  ok: true;
  integrationAccountId?: string | null;
  connectionData?: Record<string, unknown>;
}

/** A failed connection; `reason` goes to logs, never to the user (SPEC §8 shows one text). */
export interface ConnectorFailure {
  ok: false;
  reason: string;
}

export type ConnectorResult = ConnectorSuccess | ConnectorFailure;

/** One per integration type: checks the stored settings against the external system. */
export interface Connector {
  connect(integration: Integration, ctx: AccountContext): Promise<ConnectorResult>;
  /**
   * Undoes in the external system what `connect` set up there (Telegram's webhook) when the
   * connection is reset or the integration deleted. Best effort: the caller logs a failure and goes on.
   */
  disconnect?(integration: Integration, ctx: AccountContext): Promise<void>;
}
