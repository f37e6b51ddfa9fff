import * as v from 'valibot';
import { TEMPERATURE_MODES } from '../../shared/models';
import type { BotSettings } from '../../shared/schemas/bot';
import { PROCESS_SCHEMES } from '../../shared/schemas/bot';
import { WEBHOOK_METHODS } from '../../shared/schemas/bot-actions';
import { BOT_RUN_MODES, BOT_STOP_PERIODS } from '../../shared/schemas/bot-conditions';
import { TIME_ZONES } from '../../shared/time-zones';
import { shapeOf } from '../shape-of';

/**
 * A bot's settings as the API answers them: every field present (the request schema,
 * functions/shared/schemas/bot.ts, has each optional and accepts looser input).
 */

const integrationId = v.nullable(
  v.pipe(v.string(), v.description('The connected integration it works through.')),
);
const day = v.object({
  enabled: v.boolean(),
  from: v.pipe(v.string(), v.description('HH:MM')),
  to: v.pipe(v.string(), v.description('HH:MM')),
});
const stopPeriod = v.picklist(BOT_STOP_PERIODS);

const conditions = v.object({
  channels: v.pipe(v.array(v.string()), v.description('The channel integrations the bot works in.')),
  run: v.pipe(
    v.picklist(BOT_RUN_MODES),
    v.description('Answer every dialog, or only those begun after it was switched on.'),
  ),
  process_messages_enabled: v.boolean(),
  process_messages: v.pipe(
    v.array(v.string()),
    v.description('When enabled: answer only dialogs whose message contains one of these.'),
  ),
  work_time: v.object({
    enabled: v.boolean(),
    time_zone: v.picklist(TIME_ZONES.map((zone) => zone.id)),
    days: v.object({ mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day }),
  }),
  waiting_response_minutes: v.nullable(v.number()),
  accumulation_max_seconds: v.nullable(v.number()),
  daily_spend_limit_minor: v.nullable(
    v.pipe(v.number(), v.description('A daily spend limit, in minor units.')),
  ),
});

const action = <T extends v.GenericSchema<string | null>, S extends v.ObjectEntries>(type: T, settings: S) =>
  v.object({
    id: v.optional(v.string()),
    name: v.string(),
    description: v.string(),
    goal_prompt: v.string(),
    type,
    settings: v.object(settings),
  });

const crmField = { integration_id: integrationId, field: v.string(), value: v.string() };

const actionSchema = v.union([
  action(v.pipe(v.null(), v.description('An action not set up yet.')), {}),
  action(v.literal('stop_bot'), { period: stopPeriod, seconds: v.nullable(v.number()) }),
  action(v.literal('webhook'), {
    url: v.string(),
    method: v.picklist(WEBHOOK_METHODS),
    headers: v.array(v.object({ name: v.string(), value: v.string() })),
    body_template: v.string(),
  }),
  action(v.literal('fill_variables'), { variables: v.array(v.string()) }),
  action(v.literal('get_branches'), { integration_id: integrationId, branches: v.array(v.string()) }),
  action(v.literal('change_deal_status'), {
    integration_id: integrationId,
    pipeline_id: v.nullable(v.string()),
    status_id: v.nullable(v.string()),
  }),
  action(v.literal('change_lead_field'), crmField),
  action(v.literal('change_contact_field'), crmField),
  action(v.literal('change_company_field'), crmField),
  action(v.literal('set_task'), {
    integration_id: integrationId,
    task_type: v.string(),
    text: v.string(),
    deadline_minutes: v.number(),
    responsible_id: v.nullable(v.string()),
  }),
  action(v.literal('send_media'), { files: v.array(v.string()) }),
  action(v.literal('booking'), {
    integration_id: integrationId,
    branch_id: v.nullable(v.string()),
    service_ids: v.array(v.string()),
    notify_by_sms: v.boolean(),
    comment: v.string(),
    event_type: v.string(),
  }),
  action(v.literal('find_products'), { integration_id: integrationId, max_products: v.number() }),
  action(v.literal('payment_link'), {
    integration_id: integrationId,
    amount_override: v.boolean(),
    min_amount: v.nullable(v.number()),
    max_amount: v.nullable(v.number()),
    paid_integration_id: v.nullable(v.string()),
    paid_pipeline_id: v.nullable(v.string()),
    paid_status_id: v.nullable(v.string()),
  }),
]);

export const botSettingsEntries = {
  name: v.string(),
  model: v.pipe(v.string(), v.description('The language model id.')),
  process_scheme: v.pipe(
    v.picklist(PROCESS_SCHEMES),
    v.description('instant: answer each message; accumulation: wait for more messages first.'),
  ),
  accumulation_messages_seconds: v.pipe(v.number(), v.description('How long accumulation waits.')),
  temperature_mode: v.picklist(TEMPERATURE_MODES),
  temperature: v.pipe(v.number(), v.description('Percent.')),
  storage_id: v.nullable(v.pipe(v.string(), v.description('The knowledge storage the bot searches.'))),
  system_prompt: v.string(),
  goal_prompt: v.string(),
  conditions,
  stop_logic: v.object({
    automatic_stop: v.boolean(),
    stop_during_intervention: v.pipe(v.boolean(), v.description('Stop when an operator writes in the chat.')),
    bot_stop_period: stopPeriod,
    bot_stop_period_seconds: v.number(),
    interruption_cases: v.array(v.string()),
  }),
  stop_message: v.string(),
  stop_task: v.string(),
  contact_info: v.string(),
  restoring_dialogue: v.object({ enabled: v.boolean(), after_minutes: v.number(), prompt: v.string() }),
  actions: v.array(actionSchema),
  custom_variables: v.array(v.object({ name: v.string(), description: v.string() })),
  actions_enable: v.boolean(),
  info_transfer: v.object({
    send_summary: v.boolean(),
    send_variables: v.boolean(),
    notify_recipients: v.boolean(),
  }),
};

export const botSettingsOutput = shapeOf<BotSettings>()(v.object(botSettingsEntries));
