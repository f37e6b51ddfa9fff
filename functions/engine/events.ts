import type { SharedMessageKey } from '../shared/messages';

/** Why a gate refused to answer (ARCHITECTURE §6.3), in the order the gates run. */
export const GATE_CODES = [
  'chat_stopped',
  'chat_paused',
  'bot_off',
  'no_subscription',
  'low_balance',
  'channel',
  'work_time',
] as const;
export type GateCode = (typeof GATE_CODES)[number];

/** The event of a history row; the SPA translates `engine_event_<event>`. */
export type EngineEvent = 'answered' | `refused_${GateCode}` | 'llm_error' | 'failed';

export const ENGINE_EVENTS: readonly EngineEvent[] = [
  'answered',
  ...GATE_CODES.map((code): EngineEvent => `refused_${code}`),
  'llm_error',
  'failed',
];

export const eventMessageKey = (event: EngineEvent): SharedMessageKey => `engine_event_${event}`;
