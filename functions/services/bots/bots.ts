import { desc, eq, sql } from 'drizzle-orm';
import type { Bot, IntegrationType } from '../../../db/schema';
import { bots } from '../../../db/schema';
import { dailyLimitOf, spentToday } from '../../engine/spend-limit';
import { AppError } from '../../shared/app-error';
import { MAX_BOTS } from '../../shared/constants';
import { type BotSettingsInput, withChanges } from '../../shared/schemas/bot';
import { botCoverage } from '../billing/bot-coverage';
import { needsPlace } from '../billing/subscription-suggestion';
import type { AccountContext } from '../context';
import { checkKnowledgeRefs } from '../knowledge/bot-refs';
import { integrationTypesById } from './account-integrations';
import { rowSettings, settingsColumns } from './bot-row';
import { accountBotProblems, type BotView, botView, problemViews } from './bot-view';
import { botNotFound, ownBot, ownBotWhere } from './own-bot';

/** Views of `rows`: each with its subscription and what it spent today (its daily limit). */
async function viewer(ctx: AccountContext, types: ReadonlyMap<string, IntegrationType>, rows: Bot[]) {
  const now = ctx.ports.clock.now();
  const coverage = await botCoverage(ctx.ports.db, ctx.account, now);
  const limited = rows.filter((row) => dailyLimitOf(row) !== null);
  const spent = await spentToday(ctx.ports.db, ctx.account, limited, now);
  return (row: Bot) => botView(row, coverage(row), ctx.lang, types, spent.get(row.id) ?? 0);
}

const view = async (ctx: AccountContext, row: Bot, types: ReadonlyMap<string, IntegrationType>) =>
  (await viewer(ctx, types, [row]))(row);

export async function listBots(ctx: AccountContext): Promise<BotView[]> {
  const rows = await ctx.ports.db
    .select()
    .from(bots)
    .where(eq(bots.accountId, ctx.account.id))
    .orderBy(desc(bots.createdAt), desc(bots.id))
    .limit(MAX_BOTS);
  const types = await integrationTypesById(ctx);
  return rows.map(await viewer(ctx, types, rows));
}

export async function getBot(ctx: AccountContext, id: string): Promise<BotView> {
  const row = await ownBot(ctx, id);
  return view(ctx, row, await integrationTypesById(ctx));
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
  await checkKnowledgeRefs(ctx, settings);
  const types = await integrationTypesById(ctx);
  const [saved] = await ctx.ports.db
    .update(bots)
    .set({
      ...settingsColumns(settings),
      isWork: row.isWork && accountBotProblems(settings, types).length === 0,
      updatedAt: ctx.ports.clock.now(),
    })
    .where(ownBotWhere(ctx, id))
    .returning();
  if (!saved) throw botNotFound();
  return view(ctx, saved, types);
}

/** PATCH {is_work}: switching on is refused while the settings have problems. */
export async function switchBot(ctx: AccountContext, id: string, isWork: boolean): Promise<BotView> {
  const row = await ownBot(ctx, id);
  const types = await integrationTypesById(ctx);
  if (isWork) {
    const problems = accountBotProblems(rowSettings(row), types);
    if (problems.length > 0) {
      throw new AppError('bot_has_problems', 'bot_has_problems', {
        details: { problems: problemViews(problems, ctx.lang) },
      });
    }
    if (!row.isWork) {
      const place = await needsPlace(
        ctx.ports.db,
        ctx.account,
        'bots',
        ctx.ports.clock.now(),
        row.id,
        ctx.lang,
      );
      if (place) throw place;
    }
  }
  const now = ctx.ports.clock.now();
  const [saved] = await ctx.ports.db
    .update(bots)
    .set({
      isWork,
      // Off → on starts a new working period (conditions.run 'new_dialogs'); on → on keeps it.
      ...(isWork
        ? {
            workStartedAt: sql`case when ${bots.isWork} then ${bots.workStartedAt} else ${now.toISOString()}::timestamptz end`,
          }
        : {}),
      updatedAt: now,
    })
    .where(ownBotWhere(ctx, id))
    .returning();
  if (!saved) throw botNotFound();
  return view(ctx, saved, types);
}

export async function deleteBot(ctx: AccountContext, id: string): Promise<void> {
  const [row] = await ctx.ports.db.delete(bots).where(ownBotWhere(ctx, id)).returning({ id: bots.id });
  if (!row) throw botNotFound();
}
