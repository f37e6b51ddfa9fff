import type { BotProblem } from './bot-problems';
import type { BotSettings } from './schemas/bot';

/**
 * SPEC §5: one bot may work with only one account of each integration type. `typeOf` maps the
 * account's integration ids to their types; ids it does not know are not integrations (channel
 * names such as 'check') or were deleted, and are not counted.
 */
export function integrationTypeProblems<T extends string>(
  bot: Pick<BotSettings, 'conditions' | 'actions'>,
  typeOf: ReadonlyMap<string, T>,
  label: (type: T) => string = (type) => type,
): BotProblem[] {
  const referenced: { id: string; path: string }[] = bot.conditions.channels.map((id) => ({
    id,
    path: 'conditions.channels',
  }));
  bot.actions.forEach((action, index) => {
    if ('integration_id' in action.settings && action.settings.integration_id)
      referenced.push({
        id: action.settings.integration_id,
        path: `actions.${index}.settings.integration_id`,
      });
  });
  const byType = new Map<T, { ids: Set<string>; path: string }>();
  for (const { id, path } of referenced) {
    const type = typeOf.get(id);
    if (!type) continue;
    const seen = byType.get(type) ?? { ids: new Set<string>(), path };
    // The problem points at the first reference that brought in a second account.
    if (!seen.ids.has(id) && seen.ids.size === 1) seen.path = path;
    seen.ids.add(id);
    byType.set(type, seen);
  }
  return [...byType.entries()]
    .filter(([, seen]) => seen.ids.size > 1)
    .map(([type, seen]) => ({
      code: 'bot_integration_type_duplicate',
      path: seen.path,
      params: { name: label(type) },
    }));
}
