import * as v from 'valibot';
import type { acceptProposal, rejectProposal } from '../../services/assistant/decide';
import type { getDialog, listDialogs } from '../../services/assistant/dialogs';
import type { talkToRex } from '../../services/assistant/talk';
import type { DialogView } from '../../services/assistant/views';
import { ASSISTANT_REQUEST_TYPES, PROPOSAL_FIELDS } from '../../shared/assistant';
import { CURRENCIES } from '../../shared/constants';
import { shapeOf } from '../shape-of';
import { isoTime } from './common';

export const assistantDialogSchema = shapeOf<DialogView>()(
  v.object({
    id: v.string(),
    request_type: v.pipe(
      v.picklist(ASSISTANT_REQUEST_TYPES),
      v.description('create: make a new bot; improve: change the bot `bot_id`.'),
    ),
    bot_id: v.pipe(
      v.nullable(v.string()),
      v.description('The bot the dialogue improves, or the one it created.'),
    ),
    created_at: isoTime,
    last_message_at: isoTime,
  }),
);

export const assistantDialogListSchema = shapeOf<Awaited<ReturnType<typeof listDialogs>>>()(
  v.object({
    items: v.array(assistantDialogSchema),
    page: v.number(),
    pages: v.number(),
    total: v.number(),
  }),
);

const proposalField = v.picklist(PROPOSAL_FIELDS);

const proposalSchema = v.object({
  summary: v.string(),
  changes: v.pipe(
    v.record(v.string(), v.unknown()),
    v.description('Proposed bot settings by field (the fields of a bot), already valid.'),
  ),
  state: v.picklist(['pending', 'accepted', 'rejected']),
  accepted: v.pipe(v.optional(v.array(proposalField)), v.description('The fields applied, once accepted.')),
  botId: v.pipe(v.optional(v.string()), v.description('The bot the proposal was applied to.')),
});

export const assistantMessageViewSchema = shapeOf<Awaited<ReturnType<typeof talkToRex>>>()(
  v.object({
    id: v.string(),
    role: v.picklist(['user', 'assistant']),
    text: v.string(),
    proposal: v.pipe(
      v.nullable(proposalSchema),
      v.description("Bot settings the assistant proposes; accept or reject them by the message's id."),
    ),
    price_minor: v.pipe(
      v.nullable(v.number()),
      v.description("The assistant's answer's price in minor units; null for your messages."),
    ),
    currency: v.nullable(v.picklist(CURRENCIES)),
    created_at: isoTime,
  }),
);

export const assistantDialogWithMessagesSchema = shapeOf<Awaited<ReturnType<typeof getDialog>>>()(
  v.object({ ...assistantDialogSchema.entries, messages: v.array(assistantMessageViewSchema) }),
);

export const acceptedProposalSchema = shapeOf<Awaited<ReturnType<typeof acceptProposal>>>()(
  v.object({
    bot_id: v.pipe(v.string(), v.description('The bot created or changed.')),
    message: assistantMessageViewSchema,
  }),
);

export const rejectedProposalSchema = shapeOf<Awaited<ReturnType<typeof rejectProposal>>>()(
  v.object({ message: assistantMessageViewSchema }),
);
