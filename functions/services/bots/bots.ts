import { desc, eq } from 'drizzle-orm';
import { bots } from '../../../db/schema';
import { botProblems } from '../../shared/bot-problems';
import { type BotSettingsInput, withChanges } from '../../shared/schemas/bot';
import type { AccountContext } from '../context';
import { rowSettings, settingsColumns } from './bot-row';
import { type BotView, botView, problemViews } from './bot-view';
import { botNotFound, ownBot, ownBotWhere } from './own-bot';
import { done, type Outcome, refused } from './refusal';

const view = (ctx: AccountContext, row: typeof bots.$inferSelect) =>
  botView(row, ctx.account, ctx.ports.clock.now(), ctx.lang);

export async function listBots(ctx: AccountContext): Promise<BotView[]> {
  const rows = await ctx.ports.db
    .select()
    .from(bots)
    .where(eq(bots.accountId, ctx.account.id))
    .orderBy(desc(bots.createdAt), desc(bots.id));
  return rows.map((row) => view(ctx, row));
}

export async function getBot(ctx: AccountContext, id: string): Promise<BotView> {
  return view(ctx, await ownBot(ctx, id));
}

/**
 * PUT: the fields given replace the stored ones, the rest stay. A working bot whose new settings
 * have problems is switched off, since it could not be switched on with them.
 */
export async function updateBot(
  ctx: AccountContext,
  id: string,
  changes: BotSettingsInput,
): Promise<BotView> {
  const row = await ownBot(ctx, id);
  const settings = withChanges(rowSettings(row), changes);
  const [saved] = await ctx.ports.db
    .update(bots)
    .set({
      ...settingsColumns(settings),
      isWork: row.isWork && botProblems(settings).length === 0,
      updatedAt: ctx.ports.clock.now(),
    })
    .where(ownBotWhere(ctx, id))
    .returning();
  if (!saved) throw botNotFound();
  return view(ctx, saved);
}

/** PATCH {is_work}: switching on is refused while the settings have problems. */
export async function switchBot(ctx: AccountContext, id: string, isWork: boolean): Promise<Outcome<BotView>> {
  const row = await ownBot(ctx, id);
  if (isWork) {
    const problems = botProblems(rowSettings(row));
    if (problems.length > 0) {
      return refused({
        code: 'bot_has_problems',
        messageKey: 'bot_has_problems',
        details: { problems: problemViews(problems, ctx.lang) },
      });
    }
  }
  const [saved] = await ctx.ports.db
    .update(bots)
    .set({ isWork, updatedAt: ctx.ports.clock.now() })
    .where(ownBotWhere(ctx, id))
    .returning();
  if (!saved) throw botNotFound();
  return done(view(ctx, saved));
}

export async function deleteBot(ctx: AccountContext, id: string): Promise<void> {
  const [row] = await ctx.ports.db.delete(bots).where(ownBotWhere(ctx, id)).returning({ id: bots.id });
  if (!row) throw botNotFound();
}
