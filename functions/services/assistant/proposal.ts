import * as v from 'valibot';
import type { IntegrationType } from '../../../db/schema';
import { type AssistantProposal, PROPOSAL_FIELDS, type ProposalField } from '../../shared/assistant';
import { MODELS, TEMPERATURE_MODES } from '../../shared/models';
import {
  type BotSettings,
  type BotSettingsInput,
  botSettingsSchema,
  withChanges,
} from '../../shared/schemas/bot';
import { ACTION_TYPES } from '../../shared/schemas/bot-actions';
import { accountBotProblems, problemViews } from '../bots/bot-view';

export const PROPOSE_TOOL = 'propose_bot_settings';

const str = (description: string) => ({ type: 'string', description });

/** The tool Rex proposes settings with; the server checks them as the editor's save would. */
export const proposeTool = {
  name: PROPOSE_TOOL,
  description:
    'Propose bot settings to the user. They see the changes as a diff and accept or reject them. Put only the fields you change in `changes`.',
  parameters: {
    type: 'object',
    properties: {
      summary: str('One or two sentences on what the proposal does, in the user’s language'),
      changes: {
        type: 'object',
        properties: {
          name: str('The bot’s name'),
          system_prompt: str('Who the bot is, how it speaks, the facts and rules it keeps to'),
          goal_prompt: str('The main goal every dialogue leads to'),
          model: { type: 'string', enum: MODELS.map((model) => model.id) },
          temperature_mode: { type: 'string', enum: [...TEMPERATURE_MODES] },
          process_scheme: {
            type: 'string',
            enum: ['accumulation', 'instant'],
            description: 'accumulation waits for the customer to finish typing',
          },
          accumulation_messages_seconds: { type: 'integer', minimum: 1, maximum: 3600 },
          custom_variables: {
            type: 'array',
            description:
              'What the bot finds out in the dialogue; names in English (Latin letters, digits, _)',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, description: { type: 'string' } },
              required: ['name', 'description'],
            },
          },
          actions_enable: { type: 'boolean' },
          actions: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                description: str('What the action does, for the bot'),
                goal_prompt: str('When to do it'),
                type: { type: 'string', enum: [...ACTION_TYPES] },
                settings: {
                  type: 'object',
                  description: 'The settings of the action type (see the current settings for shapes)',
                },
              },
              required: ['name', 'description', 'goal_prompt', 'type', 'settings'],
            },
          },
          conditions: {
            type: 'object',
            description: 'Trigger conditions: channels (integration ids), work time',
          },
          stop_logic: { type: 'object', description: 'When the bot stops for a human' },
          stop_message: { type: 'string' },
          stop_task: { type: 'string' },
          contact_info: { type: 'string' },
          restoring_dialogue: { type: 'object' },
        },
      },
    },
    required: ['summary', 'changes'],
  },
};

export type ProposalCheck =
  | { ok: true; proposal: AssistantProposal }
  | { ok: false; error: string; problems?: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The proposed fields Rex may set, parsed as the bot settings API parses them. */
export function parseChanges(
  changes: Record<string, unknown>,
  fields: readonly ProposalField[] = PROPOSAL_FIELDS,
) {
  const picked = Object.fromEntries(
    Object.entries(changes).filter(([key]) => (fields as readonly string[]).includes(key)),
  );
  return v.safeParse(botSettingsSchema, picked);
}

/**
 * Checks Rex's proposal like the editor's save and switch-on would: the settings must parse, and
 * the bot they make (`base` with the changes) must have no settings problems, so an accepted
 * proposal gives a bot that can be switched on. A refusal goes back to Rex to correct.
 */
export function checkProposal(
  args: unknown,
  base: BotSettings,
  integrationTypes: ReadonlyMap<string, IntegrationType>,
): ProposalCheck {
  if (!isRecord(args) || typeof args.summary !== 'string' || !isRecord(args.changes)) {
    return { ok: false, error: 'Arguments must be {summary: string, changes: object}' };
  }
  const parsed = parseChanges(args.changes);
  if (!parsed.success) {
    const issues = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'changes'}: ${issue.message}`);
    return { ok: false, error: 'Some settings are not valid', problems: issues };
  }
  const changes = Object.fromEntries(
    Object.entries(parsed.output).filter(([, value]) => value !== undefined),
  ) as BotSettingsInput;
  if (Object.keys(changes).length === 0) return { ok: false, error: 'The proposal changes nothing' };
  const problems = accountBotProblems(withChanges(base, changes), integrationTypes);
  if (problems.length > 0) {
    return {
      ok: false,
      error: 'The bot would have settings problems; fix them and propose again',
      problems: problemViews(problems, 'en').map((problem) => `${problem.path ?? ''}: ${problem.message}`),
    };
  }
  return {
    ok: true,
    proposal: { summary: args.summary.trim().slice(0, 1000), changes, state: 'pending' },
  };
}
