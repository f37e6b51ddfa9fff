import type { Account } from '../../../db/schema';

/** A client as the partner's list shows it. */
export interface ClientView {
  id: string;
  name: string;
  email: string;
  currency: Account['currency'];
  balance: number;
  bots_on: number;
  last_activity_at: string | null;
  created_at: string;
}

export const clientView = (
  client: Account,
  figures: { balanceMinor: number; botsOn: number; lastActivityAt: Date | null },
): ClientView => ({
  id: client.id,
  name: client.name,
  email: client.email,
  currency: client.currency,
  balance: figures.balanceMinor,
  bots_on: figures.botsOn,
  last_activity_at: figures.lastActivityAt?.toISOString() ?? null,
  created_at: client.createdAt.toISOString(),
});
