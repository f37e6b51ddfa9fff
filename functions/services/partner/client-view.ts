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
  /** The end of its paid subscription, running or bought ahead (after the demo); null without one. */
  subscription_expires_at: string | null;
  demo_till: string;
  created_at: string;
}

export const clientView = (
  client: Account,
  figures: {
    balanceMinor: number;
    botsOn: number;
    lastActivityAt: Date | null;
    subscriptionExpiresAt?: Date | null;
  },
): ClientView => ({
  id: client.id,
  name: client.name,
  email: client.email,
  currency: client.currency,
  balance: figures.balanceMinor,
  bots_on: figures.botsOn,
  last_activity_at: figures.lastActivityAt?.toISOString() ?? null,
  subscription_expires_at: figures.subscriptionExpiresAt?.toISOString() ?? null,
  demo_till: client.demoTill.toISOString(),
  created_at: client.createdAt.toISOString(),
});
