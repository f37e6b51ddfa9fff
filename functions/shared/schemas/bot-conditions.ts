import * as v from 'valibot';
import { DEFAULT_TIME_ZONE, TIME_ZONE_IDS } from '../time-zones';
import { looseString, msg } from './fields';

/**
 * The nested JSON objects of a bot (SPEC §3 names in snake_case). Every inner field has a default,
 * so a client may send only what it changes inside an object; wrong types and huge values are 422.
 *
 * conditions — when the bot answers (the Trigger conditions tab):
 *   channels: string[]            channel types ('check', 'onchat', 'telegram', ...) or integration ids;
 *                                 their number is the bot's connections_count
 *   run: 'all_dialogs' | 'new_dialogs'
 *                                 every dialogue, or only dialogues that start after the bot is switched on
 *                                 (bots.work_started_at; the Check dialogue is exempt)
 *   process_messages_enabled: boolean
 *   process_messages: string[]    when enabled, the bot takes a dialogue over only after a customer
 *                                 message containing one of these phrases (case-insensitive); from
 *                                 then on it answers the whole dialogue. Applies in Check too
 *   work_time: { enabled, time_zone (IANA id of the 22-city list), days: { mon..sun: { enabled,
 *                from 'HH:MM', to 'HH:MM' } } }   — `to` earlier than `from` spans midnight
 *   waiting_response_minutes: number | null
 *                                 SPEC §9 waiting-for-response: the bot answers a customer only when no
 *                                 operator has answered within this many minutes of the customer's
 *                                 first waiting message (the bot as the fallback for slow managers)
 *   accumulation_max_seconds: number | null
 *                                 accumulation's longest wait: however long the customer keeps typing,
 *                                 the answer is due at most this long after the batch's first message
 *   daily_spend_limit_minor: number | null
 *                                 the most the bot may spend a day (minor units of the account's
 *                                 currency, the day in work_time.time_zone); reached, it stops answering
 *                                 until the next day and the profile's Telegram recipients are told once
 *
 * stop_logic — what stops the bot in a dialogue (SPEC §4 stop periods):
 *   automatic_stop: boolean       the bot stops itself in one of interruption_cases (sends stop_message,
 *                                 leaves stop_task for the team)
 *   stop_during_intervention: boolean   an operator's message in the chat stops the bot
 *   bot_stop_period: 'until_next_message' | 'for_time' | 'forever'
 *   bot_stop_period_seconds: number     used with 'for_time'
 *   interruption_cases: string[]  situations described in words ("the customer asks for a human")
 *
 * restoring_dialogue — a follow-up when the customer goes quiet (SPEC §9: minutes):
 *   { enabled, after_minutes, prompt }  prompt tells the bot what to write; once per silence after
 *                                 a reply, not when anyone wrote since or a gate refuses then
 *
 * info_transfer — what the bot passes on when a dialogue ends or the bot stops:
 *   { send_summary, send_variables, notify_recipients }  summary and filled variables to the
 *   connected CRM; a notice to the profile's Telegram recipients
 */

export const BOT_RUN_MODES = ['all_dialogs', 'new_dialogs'] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const BOT_STOP_PERIODS = ['until_next_message', 'for_time', 'forever'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type BotStopPeriod = (typeof BOT_STOP_PERIODS)[number];

/** The longest stop the editor offers: a year. */
export const MAX_STOP_SECONDS = 365 * 86_400;
/** The longest waiting-for-response condition: a week, in minutes. */
export const MAX_WAITING_RESPONSE_MINUTES = 7 * 24 * 60;
/** The longest maximum wait of accumulation: a day, in seconds. */
export const MAX_ACCUMULATION_MAX_SECONDS = 86_400;
/** A daily spend limit above this (minor units) is no limit at all. */
export const MAX_DAILY_SPEND_LIMIT_MINOR = 1_000_000_000;

export const int = (min: number, max: number) =>
  v.pipe(
    v.number(msg('invalid_value')),
    v.integer(msg('invalid_value')),
    v.minValue(min, msg('invalid_value')),
    v.maxValue(max, msg('invalid_value')),
  );

export const flag = (fallback: boolean) => v.optional(v.boolean(msg('invalid_value')), fallback);

/** A list of short texts: trimmed, blanks dropped, duplicates removed. */
export const textList = (maxItems: number, maxLength: number) =>
  v.optional(
    v.pipe(
      v.array(
        v.pipe(v.string(msg('invalid_value')), v.maxLength(maxLength, msg('too_long'))),
        msg('invalid_value'),
      ),
      v.maxLength(maxItems, msg('too_long')),
      v.transform((items) => [...new Set(items.map((item) => item.trim()).filter(Boolean))]),
    ),
    [],
  );

const CLOCK_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const clockTime = (fallback: string) =>
  v.optional(v.pipe(v.string(msg('invalid_value')), v.regex(CLOCK_TIME, msg('invalid_value'))), fallback);

const workDay = (enabled: boolean) =>
  v.optional(v.object({ enabled: flag(enabled), from: clockTime('09:00'), to: clockTime('18:00') }), {});

export const workTimeSchema = v.object({
  enabled: flag(false),
  time_zone: v.optional(v.picklist(TIME_ZONE_IDS, msg('invalid_value')), DEFAULT_TIME_ZONE),
  days: v.optional(
    v.object({
      mon: workDay(true),
      tue: workDay(true),
      wed: workDay(true),
      thu: workDay(true),
      fri: workDay(true),
      sat: workDay(false),
      sun: workDay(false),
    }),
    {},
  ),
});

export const conditionsSchema = v.object({
  channels: textList(30, 64),
  run: v.optional(v.picklist(BOT_RUN_MODES, msg('invalid_value')), 'all_dialogs'),
  process_messages_enabled: flag(false),
  process_messages: textList(50, 200),
  work_time: v.optional(workTimeSchema, {}),
  waiting_response_minutes: v.optional(v.nullable(int(1, MAX_WAITING_RESPONSE_MINUTES)), null),
  accumulation_max_seconds: v.optional(v.nullable(int(1, MAX_ACCUMULATION_MAX_SECONDS)), null),
  daily_spend_limit_minor: v.optional(v.nullable(int(1, MAX_DAILY_SPEND_LIMIT_MINOR)), null),
});

export const stopLogicSchema = v.object({
  automatic_stop: flag(true),
  stop_during_intervention: flag(true),
  bot_stop_period: v.optional(v.picklist(BOT_STOP_PERIODS, msg('invalid_value')), 'for_time'),
  bot_stop_period_seconds: v.optional(int(0, MAX_STOP_SECONDS), 3600),
  interruption_cases: textList(20, 500),
});

export const restoringDialogueSchema = v.object({
  enabled: flag(false),
  after_minutes: v.optional(int(1, 30 * 24 * 60), 60),
  prompt: v.optional(looseString(2000), ''),
});

export const infoTransferSchema = v.object({
  send_summary: flag(false),
  send_variables: flag(false),
  notify_recipients: flag(false),
});

export type BotConditions = v.InferOutput<typeof conditionsSchema>;
export type BotWorkTime = v.InferOutput<typeof workTimeSchema>;
export type BotStopLogic = v.InferOutput<typeof stopLogicSchema>;
export type BotRestoringDialogue = v.InferOutput<typeof restoringDialogueSchema>;
export type BotInfoTransfer = v.InferOutput<typeof infoTransferSchema>;
