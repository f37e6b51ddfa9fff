import { and, eq } from 'drizzle-orm';
import { bots, integrations } from '../../../db/schema';
import { AppError } from '../../shared/app-error';
import { botProblems } from '../../shared/bot-problems';
import { rowSettings } from '../bots/bot-row';
import type { AccountContext } from '../context';
import { botUsesIntegration, withoutIntegration } from './detach';
import { disconnectQuietly } from './disconnect';
import { integrationNotFound, ownIntegration } from './own-integration';

/**
 * DELETE /api/integrations/{id}. An integration bound to bots is deleted only when `confirmed`
 * (the user saw the list of those bots: 409 integration_in_use names them); then, in one transaction, it leaves every bot and their
 * actions, a working bot left with problems is switched off, and the integration is deleted.
 */
export async function deleteIntegration(ctx: AccountContext, id: string, confirmed: boolean): Promise<void> {
  const integration = await ownIntegration(ctx, id);
  const accountBots = await ctx.ports.db.select().from(bots).where(eq(bots.accountId, ctx.account.id));
  const bound = accountBots.filter((bot) => botUsesIntegration(bot, integration.id));
  if (bound.length > 0 && !confirmed) {
    throw new AppError('integration_in_use', 'integration_in_use', {
      params: { bots: bound.map((bot) => `«${bot.name}»`).join(', ') },
      details: { bots: bound.map((bot) => ({ id: bot.id, name: bot.name })) },
    });
  }
  const now = ctx.ports.clock.now();
  await ctx.ports.db.transaction(async (tx) => {
    for (const bot of bound) {
      const links = withoutIntegration(bot, integration.id);
      const problems = botProblems(rowSettings({ ...bot, ...links }));
      await tx
        .update(bots)
        .set({ ...links, isWork: bot.isWork && problems.length === 0, updatedAt: now })
        .where(and(eq(bots.id, bot.id), eq(bots.accountId, ctx.account.id)));
    }
    const [deleted] = await tx
      .delete(integrations)
      .where(and(eq(integrations.id, integration.id), eq(integrations.accountId, ctx.account.id)))
      .returning({ id: integrations.id });
    if (!deleted) throw integrationNotFound();
  });
  await disconnectQuietly(ctx, integration);
}
