import type { SharedMessageKey } from '../shared/messages';

/** Why a gate refused to answer (ARCHITECTURE §6.3), in the order the gates run. */
export const GATE_CODES = [
  'chat_stopped',
  'chat_paused',
  'bot_off',
  'no_subscription',
  'low_balance',
  'spend_limit',
  'channel',
  'not_new_dialog',
  'work_time',
  'no_trigger_phrase',
] as const;
export type GateCode = (typeof GATE_CODES)[number];

/**
 * The event of a history row; the SPA translates `engine_event_<event>`. `follow_up` is the bot's
 * message after the customer went quiet (restoring_dialogue), billed like an answer; `summary` the
 * chat summary an owner asked for in Chats, billed like an answer too. `subscription_expired` is
 * written once when a subscription ends unrenewed, so History shows why bots fell silent.
 */
export type EngineEvent =
  | 'answered'
  | 'follow_up'
  | 'summary'
  | `refused_${GateCode}`
  | 'llm_error'
  | 'failed'
  | 'subscription_expired';

export const ENGINE_EVENTS: readonly EngineEvent[] = [
  'answered',
  'follow_up',
  'summary',
  ...GATE_CODES.map((code): EngineEvent => `refused_${code}`),
  'llm_error',
  'failed',
  'subscription_expired',
];

/** Events of a reply the customer got: a success row with a price. */
export const isReplyEvent = (event: EngineEvent): boolean =>
  event === 'answered' || event === 'follow_up' || event === 'summary';

export const eventMessageKey = (event: EngineEvent): SharedMessageKey => `engine_event_${event}`;
