import { and, desc, eq, isNull } from 'drizzle-orm';
import { type RecurrentPayment, recurrentPayments } from '../../../db/schema';
import { notFound } from '../../shared/app-error';
import { isUuid } from '../../shared/uuid';
import type { AccountContext } from '../context';

const view = (row: RecurrentPayment) => ({
  id: row.id,
  provider: row.provider,
  currency: row.currency,
  recurrent_type: row.purpose,
  label: row.label,
  created_at: row.createdAt.toISOString(),
});

/** GET /api/recurrent_payments: the cards the owner allowed us to charge, not cancelled. */
export async function listRecurrentPayments(ctx: AccountContext) {
  const rows = await ctx.ports.db
    .select()
    .from(recurrentPayments)
    .where(and(eq(recurrentPayments.accountId, ctx.account.id), isNull(recurrentPayments.canceledAt)))
    .orderBy(desc(recurrentPayments.createdAt));
  return rows.map(view);
}

/** POST /api/recurrent_payments/{id}/cancel: no more automatic charges of that card. */
export async function cancelRecurrentPayment(ctx: AccountContext, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const [row] = await ctx.ports.db
    .update(recurrentPayments)
    .set({ canceledAt: ctx.ports.clock.now() })
    .where(
      and(
        eq(recurrentPayments.id, id),
        eq(recurrentPayments.accountId, ctx.account.id),
        isNull(recurrentPayments.canceledAt),
      ),
    )
    .returning({ id: recurrentPayments.id });
  if (!row) throw notFound();
}
