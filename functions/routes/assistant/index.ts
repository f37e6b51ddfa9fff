import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { jsonBody, queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import {
  acceptedProposalSchema,
  assistantDialogListSchema,
  assistantDialogSchema,
  assistantDialogWithMessagesSchema,
  assistantMessageViewSchema,
  rejectedProposalSchema,
} from '../../openapi/schemas/assistant';
import { acceptProposal, rejectProposal } from '../../services/assistant/decide';
import { getDialog, listDialogs, startDialog } from '../../services/assistant/dialogs';
import { talkToRex } from '../../services/assistant/talk';
import {
  acceptProposalSchema,
  assistantMessageSchema,
  dialogsQuerySchema,
  startDialogSchema,
} from '../../shared/schemas/assistant';

/** SPEC §2 /ai_assistant: dialogues with Rex, their messages, and the proposals decided. */
export const assistantRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get(
    '/dialogs',
    describe({
      tag: 'Assistant',
      summary: 'List assistant dialogues',
      description:
        'Your dialogues with Rex, the assistant that writes bot settings, newest activity first, 20 a page.',
      ok: { description: 'One page of dialogues.', schema: assistantDialogListSchema },
    }),
    queryParams(dialogsQuerySchema),
    async (c) => c.json(await listDialogs(accountContext(c), c.req.valid('query').page)),
  )
  .post(
    '/dialogs',
    describe({
      tag: 'Assistant',
      summary: 'Start an assistant dialogue',
      description:
        'To create a new bot (`create`), or to improve one of your bots (`improve` with `bot_id`).',
      ok: { status: 201, description: 'The new dialogue.', schema: assistantDialogSchema },
      errors: ['not_found'],
    }),
    jsonBody(startDialogSchema),
    async (c) => c.json(await startDialog(accountContext(c), c.req.valid('json')), 201),
  )
  .get(
    '/dialogs/:id',
    describe({
      tag: 'Assistant',
      summary: 'Get an assistant dialogue',
      description: 'The dialogue with all its messages, oldest first, and the proposals in them.',
      ok: { description: 'The dialogue and its messages.', schema: assistantDialogWithMessagesSchema },
      errors: ['not_found'],
    }),
    async (c) => c.json(await getDialog(accountContext(c), c.req.param('id'))),
  )
  .post(
    '/dialogs/:id/messages',
    describe({
      tag: 'Assistant',
      summary: 'Write to the assistant',
      description:
        "Waits for the assistant's reply, which may carry a proposal of bot settings to accept or reject. The reply is charged to the balance like a bot's answer.",
      ok: { status: 201, description: "The assistant's reply.", schema: assistantMessageViewSchema },
      errors: ['not_found', 'low_balance', 'upstream_failed'],
    }),
    jsonBody(assistantMessageSchema),
    async (c) => c.json(await talkToRex(accountContext(c), c.req.param('id'), c.req.valid('json').text), 201),
  )
  .post(
    '/dialogs/:id/messages/:messageId/accept',
    describe({
      tag: 'Assistant',
      summary: "Accept the assistant's proposal",
      description:
        "Applies all the proposed settings, or only the `fields` named: a create dialogue's first acceptance creates the bot, later ones change it. A proposal is decided once.",
      ok: { description: 'The bot changed and the decided message.', schema: acceptedProposalSchema },
      errors: ['not_found', 'proposal_decided', 'bots_limit', 'template_integrations_missing'],
    }),
    jsonBody(acceptProposalSchema),
    async (c) =>
      c.json(
        await acceptProposal(
          accountContext(c),
          c.req.param('id'),
          c.req.param('messageId'),
          c.req.valid('json').fields,
        ),
      ),
  )
  .post(
    '/dialogs/:id/messages/:messageId/reject',
    describe({
      tag: 'Assistant',
      summary: "Reject the assistant's proposal",
      description: 'Nothing changes; a proposal is decided once.',
      ok: { description: 'The decided message.', schema: rejectedProposalSchema },
      errors: ['not_found', 'proposal_decided'],
    }),
    async (c) => c.json(await rejectProposal(accountContext(c), c.req.param('id'), c.req.param('messageId'))),
  );
