import type { BotAction } from '../../shared/schemas/bot-actions';
import type { ToolResult, Turn } from '../turn';

/** What the model's tool call carries to an action. */
export interface ToolCallInput {
  /** The arguments the model filled in, as parsed JSON. */
  arguments: unknown;
  /** The text the model wrote beside the call (a stop may use it as the reply). */
  modelText: string;
  /** Fills `{{placeholders}}` with the chat's variables and the built-ins. */
  fill: (template: string) => string;
  /**
   * Names this action's effect in this answer, the same however often the answer's run is retried:
   * an effect in an external system keyed by it is made once (integrations/external-effect.ts).
   */
  effectKey: string;
}

/**
 * One bot action type the engine runs as a tool (SPEC §3 actions): the JSON schema of the
 * parameters the model fills in, and what running it does. Built-in types live in
 * engine/actions/; types that act in an integration (deal status, fields, task, branches, booking,
 * media) come from that integration's module.
 */
export interface ActionRunner<A extends BotAction = BotAction> {
  parameters(action: A, turn: Turn): Record<string, unknown>;
  run(turn: Turn, action: A, call: ToolCallInput): ToolResult | Promise<ToolResult>;
}
