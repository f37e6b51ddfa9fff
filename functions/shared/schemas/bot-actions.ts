import * as v from 'valibot';
import { MAX_LINK_AMOUNT, MIN_LINK_AMOUNT } from '../tbank-link';
import { BOT_STOP_PERIODS, int, MAX_STOP_SECONDS, textList } from './bot-conditions';
import { looseString, msg } from './fields';

/**
 * Bot actions (SPEC §3 Bot action, §5 rules): `{id, name, description, type, settings, goal_prompt}`.
 * `description` tells the bot what the action does, `goal_prompt` when to do it. `type` is null
 * while the user has not chosen what the action does. Settings are lenient about empty values
 * (an unfinished action can be saved and is reported as a problem) but strict about types.
 *
 * The built-in types run in the engine; the others act in the integration their settings name.
 */
export const ACTION_TYPES = [
  'stop_bot',
  'webhook',
  'fill_variables',
  'get_branches',
  'change_deal_status',
  'change_lead_field',
  'change_contact_field',
  'change_company_field',
  'set_task',
  'send_media',
  'booking',
  'find_products',
  'payment_link',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Types that work through a connected integration chosen in their settings. */
export const INTEGRATION_ACTION_TYPES = [
  'get_branches',
  'change_deal_status',
  'change_lead_field',
  'change_contact_field',
  'change_company_field',
  'set_task',
  'booking',
  'find_products',
  'payment_link',
] as const satisfies readonly ActionType[];

/** Types that act in the branches a Get branches action of the same bot selected. */
export const BRANCH_ACTION_TYPES = ['booking'] as const satisfies readonly ActionType[];

export const FIELD_ACTION_TYPES = [
  'change_lead_field',
  'change_contact_field',
  'change_company_field',
] as const satisfies readonly ActionType[];

export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const MAX_ACTIONS = 30;

const text = (max: number) => looseString(max);
const trimmed = (max: number) => v.pipe(looseString(max), v.trim());
const ref = v.optional(
  v.nullable(v.pipe(v.string(msg('invalid_value')), v.maxLength(64, msg('too_long')))),
  null,
);

const stopBotSettings = v.optional(
  v.object({
    period: v.optional(v.picklist(BOT_STOP_PERIODS, msg('invalid_value')), 'for_time'),
    seconds: v.optional(v.nullable(int(0, MAX_STOP_SECONDS)), null),
  }),
  {},
);

const webhookSettings = v.optional(
  v.object({
    url: trimmed(2000),
    method: v.optional(v.picklist(WEBHOOK_METHODS, msg('invalid_value')), 'POST'),
    headers: v.optional(
      v.pipe(
        v.array(v.object({ name: trimmed(200), value: text(2000) }), msg('invalid_value')),
        v.maxLength(20, msg('too_long')),
      ),
      [],
    ),
    body_template: text(5000),
  }),
  {},
);

const fieldSettings = v.optional(
  v.object({ integration_id: ref, field: trimmed(200), value: text(2000) }),
  {},
);
const noSettings = v.optional(v.object({}), {});

/**
 * Booking (SPEC §3 actions, §9): in a salon (YCLIENTS, Altegio) the branch is the one chosen here,
 * or, when none is, the one the customer picked among the Get branches action's; `service_ids`
 * limits what the bot may book (empty: every service), `notify_by_sms` and `comment` go with the
 * record. In Calendly `event_type` (its URI) is what is booked, and there are no branches.
 */
const bookingSettings = v.optional(
  v.object({
    integration_id: ref,
    branch_id: ref,
    service_ids: textList(200, 64),
    notify_by_sms: v.optional(v.boolean(msg('invalid_value')), true),
    comment: text(500),
    event_type: trimmed(300),
  }),
  {},
);

/** Find products (issue #24 §4): the shop searched live; at most `max_products` found go to the model. */
export const MAX_FOUND_PRODUCTS = 10;
const findProductsSettings = v.optional(
  v.object({
    integration_id: ref,
    max_products: v.optional(int(1, MAX_FOUND_PRODUCTS), 5),
  }),
  {},
);

/**
 * Send a payment link (issue #24 §3): the T-Bank integration's product and amount; with
 * `amount_override` the model may name another amount (in kopecks), kept within min..max.
 */
const linkAmount = v.optional(v.nullable(int(MIN_LINK_AMOUNT, MAX_LINK_AMOUNT)), null);
const paymentLinkSettings = v.optional(
  v.pipe(
    v.object({
      integration_id: ref,
      amount_override: v.optional(v.boolean(msg('invalid_value')), false),
      min_amount: linkAmount,
      max_amount: linkAmount,
      /** Once paid, the dialogue's deal goes to this status of this CRM (none chosen: it stays). */
      paid_integration_id: ref,
      paid_pipeline_id: ref,
      paid_status_id: ref,
    }),
    v.forward(
      v.check(
        ({ min_amount, max_amount }) =>
          min_amount === null || max_amount === null || min_amount <= max_amount,
        msg('invalid_value'),
      ),
      ['max_amount'],
    ),
  ),
  {},
);

function action<T extends v.GenericSchema, S extends v.GenericSchema>(type: T, settingsSchema: S) {
  return v.object({
    id: v.optional(v.pipe(v.string(msg('invalid_value')), v.trim(), v.maxLength(64, msg('too_long')))),
    name: trimmed(100),
    description: text(2000),
    goal_prompt: text(2000),
    type,
    settings: settingsSchema,
  });
}

/** One variant per type; `type` null (or missing) is an action whose type is not chosen yet. */
export const botActionSchema = v.variant(
  'type',
  [
    action(v.nullish(v.null(), null), noSettings),
    action(v.literal('stop_bot'), stopBotSettings),
    action(v.literal('webhook'), webhookSettings),
    action(v.literal('fill_variables'), v.optional(v.object({ variables: textList(50, 64) }), {})),
    action(
      v.literal('get_branches'),
      v.optional(v.object({ integration_id: ref, branches: textList(100, 64) }), {}),
    ),
    action(
      v.literal('change_deal_status'),
      v.optional(v.object({ integration_id: ref, pipeline_id: ref, status_id: ref }), {}),
    ),
    action(v.literal('change_lead_field'), fieldSettings),
    action(v.literal('change_contact_field'), fieldSettings),
    action(v.literal('change_company_field'), fieldSettings),
    action(
      v.literal('set_task'),
      v.optional(
        v.object({
          integration_id: ref,
          task_type: trimmed(64),
          text: text(2000),
          deadline_minutes: v.optional(int(0, 60 * 24 * 365), 60),
          responsible_id: ref,
        }),
        {},
      ),
    ),
    action(v.literal('send_media'), v.optional(v.object({ files: textList(20, 64) }), {})),
    action(v.literal('booking'), bookingSettings),
    action(v.literal('find_products'), findProductsSettings),
    action(v.literal('payment_link'), paymentLinkSettings),
  ],
  msg('invalid_value'),
);

export const botActionsSchema = v.pipe(
  v.array(botActionSchema, msg('invalid_value')),
  v.maxLength(MAX_ACTIONS, msg('too_long')),
);

export type BotActionInput = v.InferInput<typeof botActionSchema>;
/** A stored action: the id is always set (the server gives new actions one). */
export type BotAction = v.InferOutput<typeof botActionSchema> & { id: string };
