import { openConnectionSecret } from '../connection-secrets';
import { makeOnce } from '../external-effect';
import { handOverNote } from '../hand-over-note';
import { fetchFor, type IntegrationModule } from '../module';
import { retailText, withRetailApi } from './account';
import { retailDateTime, retailTaskOnce } from './actions';
import { createMgClient } from './mg-client';
import { orderOfChat, readOrder } from './record';

/**
 * The bot stopped: in a RetailCRM chat it leaves the dialogue, so it goes back to the operators'
 * queue; the dialogue's order gets the bot's stop task (due in an hour) and, as the info transfer
 * asks, a note on its customer with the summary and the variables. Each done once per stop.
 */

const TASK_DUE_MS = 3600_000;

export const retailHandOver: NonNullable<IntegrationModule['handOver']> = async (turn, integration, call) => {
  const dialogId = Number(turn.chat.channelRefs.dialog_id);
  const endpoint = retailText(integration, 'mg_endpoint');
  if (turn.chat.integrationId === integration.id && Number.isSafeInteger(dialogId) && endpoint) {
    const token = await openConnectionSecret(turn.ctx.settings.secretsKey, integration, 'mg_token');
    if (token) {
      await makeOnce(turn.ctx, turn.account.id, `${call.key}:unassign`, {
        make: async () => {
          await createMgClient({ endpoint, token, fetch: fetchFor(turn.ctx.settings, 'retailcrm') }).unassign(
            dialogId,
          );
          return { unassigned: true };
        },
      });
    }
  }
  const taskText = call.fill(turn.bot.stopTask).trim().slice(0, 2000);
  const note = handOverNote(turn);
  if (!taskText && !note) return;
  await withRetailApi(turn.ctx, integration, async (api) => {
    const orderId = await orderOfChat(turn.ctx, turn.chat, integration, api);
    if (!orderId) return;
    if (taskText) {
      const from = turn.waiting.at(-1)?.createdAt ?? turn.now;
      const made = await retailTaskOnce(turn, api, `${call.key}:task`, {
        orderId,
        text: taskText,
        datetime: retailDateTime(turn, new Date(from.getTime() + TASK_DUE_MS)),
        performerId: null,
      });
      turn.actions.push({
        name: 'stop_task',
        type: 'set_task',
        ok: Boolean(made),
        detail: made ? `task ${made.result.id}` : 'no manager to set the task for',
      });
    }
    if (note) {
      const customerId = (await readOrder(api, orderId)).customer?.id;
      if (!customerId) return;
      await makeOnce(turn.ctx, turn.account.id, `${call.key}:note`, {
        make: async () => {
          await api.post('customers/notes/create', {
            site: api.site,
            note: { text: note, customer: { id: customerId } },
          });
          return { noted: true };
        },
      });
      turn.actions.push({ name: 'info_transfer', type: 'note', ok: true, detail: `customer ${customerId}` });
    }
  });
};
