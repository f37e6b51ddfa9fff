import type { Bot, IntegrationType } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import { integrationTypeProblems } from '../../shared/bot-integration-problems';
import { type BotProblem, botProblems } from '../../shared/bot-problems';
import type { Language } from '../../shared/constants';
import { integrationLabel } from '../../shared/integration-catalogue';
import type { BotSettings } from '../../shared/schemas/bot';
import type { BotSubscription } from '../billing/bot-coverage';
import { rowSettings } from './bot-row';

/** The settings problems plus the rules that need the account's integrations (SPEC §5). */
export const accountBotProblems = (
  settings: BotSettings,
  integrationTypes: ReadonlyMap<string, IntegrationType>,
): BotProblem[] => [
  ...botProblems(settings),
  ...integrationTypeProblems(settings, integrationTypes, integrationLabel),
];

export interface BotProblemView extends BotProblem {
  /** The problem in the account's language, for clients that do not translate codes. */
  message: string;
}

export const problemViews = (problems: BotProblem[], lang: Language): BotProblemView[] =>
  problems.map((problem) => ({ ...problem, message: translate(problem.code, lang, problem.params) }));

/**
 * A bot as the API answers it: every setting, its state, problems, connections, subscription and
 * whether today's spend reached its daily limit.
 */
export function botView(
  row: Bot,
  subscription: BotSubscription,
  lang: Language,
  integrationTypes: ReadonlyMap<string, IntegrationType> = new Map(),
  /** What the bot spent today (its daily spend limit counts it; 0 without a limit). */
  spentTodayMinor = 0,
) {
  const settings = rowSettings(row);
  const limit = settings.conditions.daily_spend_limit_minor;
  return {
    id: row.id,
    ...settings,
    is_work: row.isWork,
    template_id: row.templateId,
    problems: problemViews(accountBotProblems(settings, integrationTypes), lang),
    connections_count: settings.conditions.channels.length,
    subscription,
    spent_today_minor: spentTodayMinor,
    spend_limit_reached: limit !== null && spentTodayMinor >= limit,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type BotView = ReturnType<typeof botView>;
