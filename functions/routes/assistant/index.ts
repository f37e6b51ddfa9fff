import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { jsonBody, queryParams } from '../../http/validate';
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
  .get('/dialogs', queryParams(dialogsQuerySchema), async (c) =>
    c.json(await listDialogs(accountContext(c), c.req.valid('query').page)),
  )
  .post('/dialogs', jsonBody(startDialogSchema), async (c) =>
    c.json(await startDialog(accountContext(c), c.req.valid('json')), 201),
  )
  .get('/dialogs/:id', async (c) => c.json(await getDialog(accountContext(c), c.req.param('id'))))
  .post('/dialogs/:id/messages', jsonBody(assistantMessageSchema), async (c) =>
    c.json(await talkToRex(accountContext(c), c.req.param('id'), c.req.valid('json').text), 201),
  )
  .post('/dialogs/:id/messages/:messageId/accept', jsonBody(acceptProposalSchema), async (c) =>
    c.json(
      await acceptProposal(
        accountContext(c),
        c.req.param('id'),
        c.req.param('messageId'),
        c.req.valid('json').fields,
      ),
    ),
  )
  .post('/dialogs/:id/messages/:messageId/reject', async (c) =>
    c.json(await rejectProposal(accountContext(c), c.req.param('id'), c.req.param('messageId'))),
  );
