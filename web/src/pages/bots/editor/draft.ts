import { useMemo, useState } from 'react';
import * as v from 'valibot';
import {
  type BotProblem,
  BUILT_IN_VARIABLES,
  botProblems,
} from '../../../../../functions/shared/bot-problems';
import {
  type BotSettings,
  botSettingsSchema,
  defaultBotSettings,
} from '../../../../../functions/shared/schemas/bot';
import type { MentionOption } from '../../../components/MentionTextarea';
import type { MessageId } from '../../../i18n/i18n';

export const BOT_TABS = ['basic', 'conditions', 'automation', 'actions', 'additional'] as const;
export type BotTab = (typeof BOT_TABS)[number];

const SETTING_KEYS = Object.keys(defaultBotSettings()) as (keyof BotSettings)[];

/** The settings part of a bot as the API returns it (without id, state, problems...). */
export function settingsOf(bot: BotSettings): BotSettings {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, bot[key]])) as BotSettings;
}

/** Deep equality of JSON values that ignores the order of object keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]));
}

/**
 * What the server will store: the shared schema trims names and drops blank list items, so the
 * live problems are computed on the same values the server checks.
 */
export function normalised(draft: BotSettings): BotSettings {
  const parsed = v.safeParse(botSettingsSchema, draft);
  return parsed.success ? { ...draft, ...(parsed.output as Partial<BotSettings>) } : draft;
}

/** Which tab shows the field a problem is about. */
export function tabOf(path: string | undefined): BotTab {
  const head = path?.split('.')[0] ?? '';
  if (head === 'conditions') return 'conditions';
  if (['stop_logic', 'restoring_dialogue', 'stop_message', 'stop_task', 'process_scheme'].includes(head))
    return 'automation';
  if (['actions', 'custom_variables', 'goal_prompt', 'actions_enable'].includes(head)) return 'actions';
  if (['contact_info', 'info_transfer'].includes(head)) return 'additional';
  return 'basic';
}

export type SetSetting = <K extends keyof BotSettings>(key: K, value: BotSettings[K]) => void;

/** The editor's working copy of a bot's settings and whether it differs from what was saved. */
export function useBotDraft(initial: BotSettings) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const dirty = useMemo(() => !sameValue(draft, saved), [draft, saved]);
  const problems: BotProblem[] = useMemo(() => botProblems(normalised(draft)), [draft]);
  const set: SetSetting = (key, value) => setDraft((current) => ({ ...current, [key]: value }));
  /** After a save: the server's settings are both the draft and the saved state. */
  const reset = (settings: BotSettings) => {
    setDraft(settings);
    setSaved(settings);
  };
  return { draft, dirty, problems, set, reset };
}

export type BotDraft = ReturnType<typeof useBotDraft>;

/** The text of the first problem about exactly `path`, for the field's error. */
export function problemAt(
  problems: readonly BotProblem[],
  path: string,
  t: (id: MessageId, values?: Record<string, unknown>) => string,
): string | undefined {
  const problem = problems.find((item) => item.path === path);
  return problem ? t(problem.code, problem.params) : undefined;
}

const BUILT_IN_DESCRIPTIONS: Record<(typeof BUILT_IN_VARIABLES)[number], MessageId> = {
  current_date: 'bot.variables.builtin.current_date',
  current_time: 'bot.variables.builtin.current_time',
  client_name: 'bot.variables.builtin.client_name',
  chat_id: 'bot.variables.builtin.chat_id',
};

/** What `@` offers in the bot's texts: its own named variables, then the built-in ones. */
export function mentionOptions(draft: BotSettings, t: (id: MessageId) => string): MentionOption[] {
  const own = draft.custom_variables
    .map((variable) => ({ name: variable.name.trim(), description: variable.description }))
    .filter((variable) => variable.name !== '');
  const names = new Set(own.map((variable) => variable.name));
  const builtIn = BUILT_IN_VARIABLES.filter((name) => !names.has(name)).map((name) => ({
    name,
    description: t(BUILT_IN_DESCRIPTIONS[name]),
  }));
  return [...own, ...builtIn];
}
