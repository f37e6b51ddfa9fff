import { and, eq, sql } from 'drizzle-orm';
import { externalEffects } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { sha256Hex } from '../../shared/sha256-hex';
import type { DealTarget } from '../module';

/**
 * A payment link is an external effect (external-effect.ts) keyed by its OrderId: the row is
 * written `pending` before Init and `done` with the payment after, so a retried answer finds it and
 * makes no second payment, and the notification finds the dialogue by the OrderId T-Bank sends back.
 */

/** What is kept of one link: enough to answer a retry and to mark its dialogue when paid. */
export interface StoredLink extends Record<string, unknown> {
  order_id: string;
  payment_id: string;
  payment_url: string;
  /** Kopecks. */
  amount: number;
  currency: 'rub';
  product_name: string;
  chat_id: string;
  integration_id: string;
  /** The CRM status the dialogue's deal goes to once paid, as the action said when the link was made. */
  on_paid?: DealTarget & { integration_id: string };
  /** Set once, by the first CONFIRMED notification. */
  paid_at?: string;
  paid_amount?: number;
}

/**
 * The OrderId of the link an answer's action makes: derived from the action's effect key (the chat,
 * the answered message, the action), so every run of that answer names the same order. 32 hex
 * characters: within T-Bank's 36, and no one can guess another dialogue's.
 */
export function orderIdOf(effectKey: string): string {
  return sha256Hex(`tbank-link:${effectKey}`).slice(0, 32);
}

export const linkEffectKey = (orderId: string) => `tbank:order:${orderId}`;

const isStoredLink = (value: unknown): value is StoredLink =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredLink).order_id === 'string' &&
  typeof (value as StoredLink).chat_id === 'string';

/** The link of an order made through `integrationId` of `accountId`; null for any other order. */
export async function storedLink(
  ctx: EngineContext,
  accountId: string,
  integrationId: string,
  orderId: string,
): Promise<StoredLink | null> {
  const [row] = await ctx.ports.db
    .select({ state: externalEffects.state, result: externalEffects.result })
    .from(externalEffects)
    .where(and(eq(externalEffects.key, linkEffectKey(orderId)), eq(externalEffects.accountId, accountId)));
  const link = row?.state === 'done' ? row.result : null;
  return isStoredLink(link) && link.integration_id === integrationId ? link : null;
}

/** Records the payment once: true for the call that marked it, false when it was marked already. */
export async function markLinkPaid(
  ctx: EngineContext,
  accountId: string,
  orderId: string,
  paid: { at: Date; amount: number },
): Promise<boolean> {
  const marked = await ctx.ports.db
    .update(externalEffects)
    .set({
      result: sql`${externalEffects.result} || ${JSON.stringify({
        paid_at: paid.at.toISOString(),
        paid_amount: paid.amount,
      })}::jsonb`,
    })
    .where(
      and(
        eq(externalEffects.key, linkEffectKey(orderId)),
        eq(externalEffects.accountId, accountId),
        sql`(${externalEffects.result} ->> 'paid_at') is null`,
      ),
    )
    .returning({ key: externalEffects.key });
  return marked.length > 0;
}
