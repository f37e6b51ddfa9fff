import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import {
  DEFAULT_MODEL_ID,
  DEFAULT_TEMPERATURE_PERCENT,
  MODELS,
  TEMPERATURE_MODES,
  TEMPERATURE_PERCENT_MAX,
  TEMPERATURE_PERCENT_MIN,
} from '../models';
import { botActionsSchema } from './bot-actions';
import {
  conditionsSchema,
  infoTransferSchema,
  int,
  restoringDialogueSchema,
  stopLogicSchema,
} from './bot-conditions';
import { looseString, msg } from './fields';

/**
 * A bot's settings as the API and the editor exchange them (SPEC §3 Bot, snake_case). Every field
 * is optional in a request: POST fills the missing ones from the defaults (or the template), PUT
 * keeps the stored values. `is_work` is not a setting: it changes only through PATCH.
 */

export const PROCESS_SCHEMES = ['accumulation', 'instant'] as const;
export type ProcessScheme = (typeof PROCESS_SCHEMES)[number];
export const DEFAULT_ACCUMULATION_SECONDS = 60;
export const DEFAULT_STOP_MESSAGE = 'Момент, уточню информацию';
export const MAX_VARIABLES = 50;

export const BOT_TEXT_LIMITS = {
  name: 100,
  system_prompt: 15_000,
  goal_prompt: 4000,
  stop_message: 1000,
  stop_task: 2000,
  contact_info: 2000,
} as const;

const text = (max: number) => looseString(max);

export const botVariableSchema = v.object({
  name: v.pipe(looseString(64), v.trim()),
  description: looseString(1000),
});

const settingsEntries = {
  name: v.optional(v.pipe(text(BOT_TEXT_LIMITS.name), v.trim())),
  model: v.optional(
    v.picklist(
      MODELS.map((entry) => entry.id),
      msg('invalid_value'),
    ),
  ),
  process_scheme: v.optional(v.picklist(PROCESS_SCHEMES, msg('invalid_value'))),
  accumulation_messages_seconds: v.optional(int(1, 3600)),
  temperature_mode: v.optional(v.picklist(TEMPERATURE_MODES, msg('invalid_value'))),
  temperature: v.optional(int(TEMPERATURE_PERCENT_MIN, TEMPERATURE_PERCENT_MAX)),
  storage_id: v.optional(v.nullable(v.pipe(v.string(msg('invalid_value')), v.uuid(msg('invalid_value'))))),
  system_prompt: v.optional(text(BOT_TEXT_LIMITS.system_prompt)),
  goal_prompt: v.optional(text(BOT_TEXT_LIMITS.goal_prompt)),
  conditions: v.optional(conditionsSchema),
  stop_logic: v.optional(stopLogicSchema),
  stop_message: v.optional(text(BOT_TEXT_LIMITS.stop_message)),
  stop_task: v.optional(text(BOT_TEXT_LIMITS.stop_task)),
  contact_info: v.optional(text(BOT_TEXT_LIMITS.contact_info)),
  restoring_dialogue: v.optional(restoringDialogueSchema),
  actions: v.optional(botActionsSchema),
  custom_variables: v.optional(
    v.pipe(v.array(botVariableSchema, msg('invalid_value')), v.maxLength(MAX_VARIABLES, msg('too_long'))),
  ),
  actions_enable: v.optional(v.boolean(msg('invalid_value'))),
  info_transfer: v.optional(infoTransferSchema),
};

/** PUT /api/bot/{id}: any subset of the settings. */
export const botSettingsSchema = v.object(settingsEntries);

/**
 * POST /api/bot: settings, optionally on top of a template. With `template_id` the template (in
 * `lang`, the account's language by default) is the base and the other fields given override it.
 */
export const createBotSchema = v.object({
  ...settingsEntries,
  template_id: v.optional(
    v.nullable(v.pipe(v.string(msg('invalid_value')), v.maxLength(64, msg('too_long')))),
  ),
  lang: v.optional(v.picklist(LANGUAGES, msg('invalid_value'))),
});

/** PATCH /api/bot/{id}. */
export const switchBotSchema = v.object({ is_work: v.boolean(msg('invalid_value')) });

/** GET /api/bots/templates. */
export const templatesQuerySchema = v.object({
  lang: v.optional(v.picklist(LANGUAGES, msg('invalid_value'))),
});

export type BotSettingsInput = v.InferOutput<typeof botSettingsSchema>;
export type CreateBotInput = v.InferOutput<typeof createBotSchema>;
export type BotVariable = v.InferOutput<typeof botVariableSchema>;

/** Complete settings: what is stored and what the problems check reads. */
export type BotSettings = { [K in keyof BotSettingsInput]-?: Exclude<BotSettingsInput[K], undefined> };

/** The settings of a new bot nobody has touched yet (SPEC §9 defaults). */
export function defaultBotSettings(): BotSettings {
  return {
    name: '',
    model: DEFAULT_MODEL_ID,
    process_scheme: 'accumulation',
    accumulation_messages_seconds: DEFAULT_ACCUMULATION_SECONDS,
    temperature_mode: 'flexible',
    temperature: DEFAULT_TEMPERATURE_PERCENT,
    storage_id: null,
    system_prompt: '',
    goal_prompt: '',
    conditions: v.parse(conditionsSchema, {}),
    stop_logic: v.parse(stopLogicSchema, {}),
    stop_message: DEFAULT_STOP_MESSAGE,
    stop_task: '',
    contact_info: '',
    restoring_dialogue: v.parse(restoringDialogueSchema, {}),
    actions: [],
    custom_variables: [],
    actions_enable: false,
    info_transfer: v.parse(infoTransferSchema, {}),
  };
}

/** `base` with every field `changes` sets; fields left out (undefined) keep their value. */
export function withChanges(base: BotSettings, changes: BotSettingsInput): BotSettings {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return { ...base, ...(given as BotSettingsInput) };
}
