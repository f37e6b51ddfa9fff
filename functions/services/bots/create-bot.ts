import { type Bot, bots } from '../../../db/schema';
import { findTemplate } from '../../ports/templates';
import { AppError } from '../../shared/app-error';
import { integrationLabel } from '../../shared/integration-catalogue';
import {
  type BotSettings,
  type CreateBotInput,
  defaultBotSettings,
  withChanges,
} from '../../shared/schemas/bot';
import { ensureRoomFor } from '../account-limits';
import { botCoverage } from '../billing/bot-coverage';
import type { AccountContext } from '../context';
import { checkKnowledgeRefs } from '../knowledge/bot-refs';
import { connectedIntegrations, integrationTypesById } from './account-integrations';
import { settingsColumns } from './bot-row';
import { type BotView, botView } from './bot-view';
import { missingIntegrations, templateSettings } from './templates';

/** Where a new bot starts: the defaults, or a template whose integrations the account has. */
async function startingPoint(
  ctx: AccountContext,
  templateId: string | null | undefined,
  lang: CreateBotInput['lang'],
): Promise<{ settings: BotSettings; templateId: string | null }> {
  if (!templateId) return { settings: defaultBotSettings(), templateId: null };
  const template = await findTemplate(ctx.ports.templates, templateId);
  if (!template) {
    throw new AppError('validation_failed', 'template_not_found', {
      fields: { template_id: 'template_not_found' },
    });
  }
  const connected = await connectedIntegrations(ctx);
  const missing = missingIntegrations(template, connected);
  if (missing.length > 0) {
    throw new AppError('template_integrations_missing', 'template_integrations_missing', {
      params: { types: missing.map(integrationLabel).join(', ') },
      details: {
        template_id: template.id,
        required_integrations: template.required_integrations,
        missing_integrations: missing,
      },
    });
  }
  return { settings: templateSettings(template, lang ?? ctx.lang, connected), templateId: template.id };
}

/**
 * POST /api/bot. A body with `template_id` starts from that template (texts in `lang`, the
 * account's language by default) and the other fields given override it; without, from the
 * defaults. A new bot is switched off; problems do not stop it from being saved.
 */
export async function createBot(ctx: AccountContext, input: CreateBotInput): Promise<BotView> {
  const { template_id, lang, ...changes } = input;
  await ensureRoomFor(ctx, 'bots');
  const start = await startingPoint(ctx, template_id, lang);
  const settings = withChanges(start.settings, changes);
  await checkKnowledgeRefs(ctx, settings);
  const now = ctx.ports.clock.now();
  const [row]: Bot[] = await ctx.ports.db
    .insert(bots)
    .values({
      ...settingsColumns(settings),
      accountId: ctx.account.id,
      isWork: false,
      templateId: start.templateId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('bot insert returned nothing');
  const coverage = await botCoverage(ctx.ports.db, ctx.account, now);
  return botView(row, coverage(row), ctx.lang, await integrationTypesById(ctx));
}
