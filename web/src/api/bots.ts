import type { IntegrationType } from '../../../db/schema/integrations';
import type { BotProblem } from '../../../functions/shared/bot-problems';
import type { Industry, Language } from '../../../functions/shared/constants';
import type { BotSettings } from '../../../functions/shared/schemas/bot';
import { api } from './client';
import { isApiError } from './errors';
import { useApi } from './swr';

/** A problem as the API returns it: the code, the field path, and the text in the account's language. */
export interface BotProblemView extends BotProblem {
  message: string;
}

/** GET /api/bot item (functions/services/bots/bot-view.ts botView). */
export type BotView = BotSettings & {
  id: string;
  is_work: boolean;
  template_id: string | null;
  problems: BotProblemView[];
  connections_count: number;
  subscription: { active: boolean; till: string };
  /** What the bot spent today and whether that reached its daily limit. */
  spent_today_minor: number;
  spend_limit_reached: boolean;
  created_at: string;
  updated_at: string;
};

/** GET /api/bots/templates item (functions/services/bots/templates.ts listTemplates). */
export interface BotTemplateView {
  id: string;
  industry: Industry;
  name: string;
  description: string;
  lang: Language;
  required_integrations: IntegrationType[];
  missing_integrations: IntegrationType[];
  available: boolean;
  bot: BotSettings;
}

export type CreateBotBody = Partial<BotSettings> & { template_id?: string; lang?: Language };

export const BOTS_PATH = '/api/bot';
const botPath = (id: string) => `${BOTS_PATH}/${encodeURIComponent(id)}`;

/** Switching on is refused (422 bot_has_problems) with the problems that stop it. */
export function refusalProblems(error: unknown): BotProblemView[] {
  if (!isApiError(error, 'bot_has_problems')) return [];
  const { problems } = error.details;
  return Array.isArray(problems)
    ? problems.filter(
        (item): item is BotProblemView =>
          typeof item === 'object' && item !== null && typeof (item as BotProblemView).message === 'string',
      )
    : [];
}

/** The bot list and every write to it; each answer replaces the bot in the cached list. */
export function useBots() {
  const swr = useApi<BotView[]>(BOTS_PATH);
  const { mutate } = swr;
  const replace = (bot: BotView) =>
    mutate((list) => (list ?? []).map((item) => (item.id === bot.id ? bot : item)), { revalidate: false });

  const create = async (body: CreateBotBody) => {
    const bot = await api<BotView>('POST', BOTS_PATH, body);
    await mutate((list) => [bot, ...(list ?? []).filter((item) => item.id !== bot.id)], {
      revalidate: false,
    });
    return bot;
  };
  const update = async (id: string, settings: BotSettings) => {
    const bot = await api<BotView>('PUT', botPath(id), settings);
    await replace(bot);
    return bot;
  };
  const setWorking = async (id: string, isWork: boolean) => {
    try {
      const bot = await api<BotView>('PATCH', botPath(id), { is_work: isWork });
      await replace(bot);
      return bot;
    } catch (error) {
      // A refusal may mean the list is stale (the bot changed elsewhere): show what the server has.
      void mutate();
      throw error;
    }
  };
  const remove = async (id: string) => {
    await api<null>('DELETE', botPath(id));
    await mutate((list) => list?.filter((item) => item.id !== id), { revalidate: false });
  };
  return { ...swr, create, update, setWorking, remove };
}

export const useBotTemplates = (lang: Language, enabled: boolean) =>
  useApi<BotTemplateView[]>(enabled ? `/api/bots/templates?lang=${lang}` : null);

/** A stable React key for a problem: the same code for the same field and values is the same problem. */
export const problemKey = (problem: BotProblem) =>
  `${problem.code}:${problem.path ?? ''}:${JSON.stringify(problem.params ?? {})}`;
