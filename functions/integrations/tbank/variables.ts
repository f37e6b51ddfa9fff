import { and, eq, sql } from 'drizzle-orm';
import { chats } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';

/** Sets some of a dialogue's variables (SPEC §3: what the bot and its actions read as {{name}}). */
export async function setChatVariables(
  ctx: EngineContext,
  accountId: string,
  chatId: string,
  values: Record<string, string>,
): Promise<void> {
  await ctx.ports.db
    .update(chats)
    .set({ variables: sql`${chats.variables} || ${JSON.stringify(values)}::jsonb` })
    .where(and(eq(chats.id, chatId), eq(chats.accountId, accountId)));
}
