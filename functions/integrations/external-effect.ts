import { and, eq } from 'drizzle-orm';
import { externalEffects } from '../../db/schema';
import type { EngineContext } from '../engine/context';

/**
 * An effect in an external system made once across retried runs (a CRM task, a deal created for a
 * dialogue). `pending` is written before the call and `done` with its result after. A run that
 * finds it done answers the result without calling; one that finds it pending (an earlier run died
 * between the call and the record) asks the system first (`find`) and makes it only when it is not
 * there. Runs of one chat are serialised by the engine's claim, so pending never means "running".
 */
export async function makeOnce<T extends Record<string, unknown>>(
  ctx: EngineContext,
  accountId: string,
  key: string,
  steps: { make: () => Promise<T>; find?: () => Promise<T | null> },
): Promise<{ result: T; again: boolean }> {
  const { db } = ctx.ports;
  const [claimed] = await db
    .insert(externalEffects)
    .values({ key, accountId, state: 'pending' })
    .onConflictDoNothing()
    .returning({ key: externalEffects.key });
  let again = false;
  let result: T | null = null;
  if (!claimed) {
    const [row] = await db
      .select()
      .from(externalEffects)
      .where(and(eq(externalEffects.key, key), eq(externalEffects.accountId, accountId)));
    if (row?.state === 'done' && row.result) return { result: row.result as T, again: true };
    result = (await steps.find?.()) ?? null;
    again = result !== null;
  }
  result ??= await steps.make();
  await db.update(externalEffects).set({ state: 'done', result }).where(eq(externalEffects.key, key));
  return { result, again };
}
