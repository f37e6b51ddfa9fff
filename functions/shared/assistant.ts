/** Rex, the AI assistant (SPEC §2 /ai_assistant): shared by the API and the SPA. */

export const ASSISTANT_REQUEST_TYPES = ['create', 'improve'] as const;
export type AssistantRequestType = (typeof ASSISTANT_REQUEST_TYPES)[number];

/** The bot settings Rex may propose; the rest (storage, channels' own settings) stays with the owner. */
export const PROPOSAL_FIELDS = [
  'name',
  'system_prompt',
  'goal_prompt',
  'model',
  'temperature_mode',
  'process_scheme',
  'accumulation_messages_seconds',
  'custom_variables',
  'actions_enable',
  'actions',
  'conditions',
  'stop_logic',
  'stop_message',
  'stop_task',
  'contact_info',
  'restoring_dialogue',
] as const;
export type ProposalField = (typeof PROPOSAL_FIELDS)[number];

export type ProposalState = 'pending' | 'accepted' | 'rejected';

/** Settings Rex proposed in one answer; the owner accepts all or some fields, or rejects it. */
export interface AssistantProposal {
  summary: string;
  /** Proposed values by field, already valid bot settings. */
  changes: Partial<Record<ProposalField, unknown>>;
  state: ProposalState;
  /** The fields applied, once accepted. */
  accepted?: ProposalField[];
  /** The bot the proposal was applied to. */
  botId?: string;
}

export const MAX_ASSISTANT_MESSAGE = 4000;
export const MAX_ASSISTANT_DIALOGS_PAGE = 20;
