import type { Bot } from '../../../db/schema';
import type { BotAction } from '../../shared/schemas/bot-actions';

type BotLinks = Pick<Bot, 'conditions' | 'actions'>;

/** The settings that name an integration: the one the action works through, the CRM a paid link moves. */
const INTEGRATION_REFS = ['integration_id', 'paid_integration_id'] as const;

const refsTo = (action: BotAction, id: string) =>
  INTEGRATION_REFS.filter((ref) => (action.settings as Record<string, unknown>)[ref] === id);

const actionUses = (action: BotAction, id: string): boolean => refsTo(action, id).length > 0;

/** Whether a bot answers through integration `id` or has actions that work through it. */
export const botUsesIntegration = (bot: BotLinks, id: string): boolean =>
  bot.conditions.channels.includes(id) || bot.actions.some((action) => actionUses(action, id));

/**
 * The bot without integration `id` (SPEC §4): it leaves the channels, and actions that worked
 * through it keep their settings with no integration chosen, which the bot's problems then report.
 */
export function withoutIntegration(bot: BotLinks, id: string): BotLinks {
  return {
    conditions: { ...bot.conditions, channels: bot.conditions.channels.filter((channel) => channel !== id) },
    actions: bot.actions.map((action) =>
      actionUses(action, id)
        ? ({
            ...action,
            settings: {
              ...action.settings,
              ...Object.fromEntries(refsTo(action, id).map((ref) => [ref, null])),
            },
          } as BotAction)
        : action,
    ),
  };
}
