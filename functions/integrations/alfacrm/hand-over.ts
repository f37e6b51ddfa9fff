import { makeOnce } from '../external-effect';
import { handOverNote } from '../hand-over-note';
import type { IntegrationModule } from '../module';
import { alfaDueDate, alfaTaskOnce } from './actions';
import { leadOfChat } from './record';
import { withAlfaApi } from './session';

/**
 * The bot stopped: the dialogue's lead gets the bot's stop task (due in an hour, for the lead's
 * responsible manager) and, as the info transfer asks, a comment (communication type 1) with the
 * summary and the variables. Each made once per stop.
 */

const TASK_DUE_MS = 3600_000;
/** The communication type of a comment (reference/crm.md §4; aioalfacrm's Communication). */
const COMMENT = 1;

export const alfaHandOver: NonNullable<IntegrationModule['handOver']> = async (turn, integration, call) => {
  await withAlfaApi(turn.ctx, integration, async (api) => {
    const leadId = await leadOfChat(turn.ctx, turn.chat, integration, api);
    if (!leadId) return;
    const taskText = call.fill(turn.bot.stopTask).trim().slice(0, 2000);
    if (taskText) {
      const from = turn.waiting.at(-1)?.createdAt ?? turn.now;
      const { result } = await alfaTaskOnce(turn, api, `${call.key}:task`, {
        leadId,
        text: taskText,
        dueDate: alfaDueDate(turn, new Date(from.getTime() + TASK_DUE_MS)),
        responsibleId: null,
      });
      turn.actions.push({ name: 'stop_task', type: 'set_task', ok: true, detail: `task ${result.id}` });
    }
    const note = handOverNote(turn);
    if (note) {
      await makeOnce(turn.ctx, turn.account.id, `${call.key}:note`, {
        make: async () => {
          await api.create(
            'communication',
            { type_id: COMMENT, comment: note },
            `?class=Customer&related_id=${leadId}`,
          );
          return { noted: true };
        },
      });
      turn.actions.push({ name: 'info_transfer', type: 'note', ok: true, detail: `lead ${leadId}` });
    }
  });
};
