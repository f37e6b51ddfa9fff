import { makeOnce } from '../external-effect';
import { handOverNote } from '../hand-over-note';
import type { IntegrationModule } from '../module';
import { dealOfChat } from './deal';
import { withAmoApi } from './tokens';

/**
 * The bot stopped: the dialogue's deal gets the bot's stop task for its responsible manager (type
 * "Связаться", due in an hour) and, as the bot's info transfer asks, a note with the summary the
 * model wrote and the variables filled in the dialogue. Each made once per stop.
 */

/** The built-in task type "Связаться" (follow up). */
const FOLLOW_UP = 1;
const TASK_DUE_SECONDS = 3600;

export const amoHandOver: NonNullable<IntegrationModule['handOver']> = async (turn, integration, call) => {
  const { stopTask } = turn.bot;
  await withAmoApi(turn.ctx, integration, async (api) => {
    const dealId = await dealOfChat(turn.ctx, turn.chat, integration, api);
    if (!dealId) {
      turn.actions.push({
        name: 'handover',
        type: 'handover',
        ok: false,
        detail: 'the dialogue has no deal in amoCRM',
      });
      return;
    }
    const taskText = call.fill(stopTask).trim();
    if (taskText) {
      const from = turn.waiting.at(-1)?.createdAt ?? turn.now;
      const { result } = await makeOnce(turn.ctx, turn.account.id, `${call.key}:task`, {
        make: async () => {
          const lead = await api.get<{ responsible_user_id?: number }>(`/api/v4/leads/${dealId}`);
          const created = await api.post<{ _embedded?: { tasks?: { id: number }[] } }>('/api/v4/tasks', [
            {
              task_type_id: FOLLOW_UP,
              text: taskText.slice(0, 2000),
              complete_till: Math.floor(from.getTime() / 1000) + TASK_DUE_SECONDS,
              entity_id: Number(dealId),
              entity_type: 'leads',
              ...(lead?.responsible_user_id ? { responsible_user_id: lead.responsible_user_id } : {}),
            },
          ]);
          return { id: created?._embedded?.tasks?.[0]?.id ?? null };
        },
      });
      turn.actions.push({ name: 'stop_task', type: 'set_task', ok: true, detail: `task ${result.id}` });
    }
    const note = handOverNote(turn);
    if (note) {
      await makeOnce(turn.ctx, turn.account.id, `${call.key}:note`, {
        make: async () => {
          await api.post(`/api/v4/leads/${dealId}/notes`, [
            {
              note_type: 'common',
              params: { text: note },
            },
          ]);
          return { noted: true };
        },
      });
      turn.actions.push({ name: 'info_transfer', type: 'note', ok: true, detail: `deal ${dealId}` });
    }
  });
};
