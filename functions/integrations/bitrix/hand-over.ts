import { makeOnce } from '../external-effect';
import { handOverNote } from '../hand-over-note';
import type { IntegrationModule } from '../module';
import { bitrixTaskOnce } from './actions';
import { dealOfChat } from './deal';
import { withBitrixApi } from './tokens';

/**
 * The bot stopped: an Open Lines chat goes to a free operator (`imopenlines.bot.session.operator`,
 * the bot leaves it, reference/crm.md §2.6); the dialogue's deal gets the bot's stop task, due in an
 * hour, and the info transfer as a timeline comment. Each made once per stop.
 */

const TASK_DUE_MS = 3600_000;

export const bitrixHandOver: NonNullable<IntegrationModule['handOver']> = async (turn, integration, call) => {
  await withBitrixApi(turn.ctx, integration, async (api) => {
    const chatId = turn.chat.integrationId === integration.id ? turn.chat.channelRefs.chat_id : undefined;
    if (chatId) {
      await makeOnce(turn.ctx, turn.account.id, `${call.key}:operator`, {
        make: async () => {
          await api.result('imopenlines.bot.session.operator', { CHAT_ID: Number(chatId) });
          return { transferred: true };
        },
      });
      turn.actions.push({
        name: 'handover',
        type: 'operator',
        ok: true,
        detail: `chat ${chatId} → operator`,
      });
    }
    const taskText = call.fill(turn.bot.stopTask).trim().slice(0, 2000);
    const note = handOverNote(turn);
    if (!taskText && !note) return;
    const dealId = await dealOfChat(turn.ctx, turn.chat, integration, api);
    if (!dealId) return;
    if (taskText) {
      const from = turn.waiting.at(-1)?.createdAt ?? turn.now;
      const { result } = await bitrixTaskOnce(turn, api, `${call.key}:task`, {
        dealId,
        text: taskText,
        due: new Date(from.getTime() + TASK_DUE_MS),
        responsibleId: null,
      });
      turn.actions.push({ name: 'stop_task', type: 'set_task', ok: true, detail: `task ${result.id}` });
    }
    if (note) {
      await makeOnce(turn.ctx, turn.account.id, `${call.key}:note`, {
        make: async () => {
          const id = await api.result('crm.timeline.comment.add', {
            fields: { ENTITY_ID: Number(dealId), ENTITY_TYPE: 'deal', COMMENT: note },
          });
          return { id: String(id) };
        },
      });
      turn.actions.push({ name: 'info_transfer', type: 'note', ok: true, detail: `deal ${dealId}` });
    }
  });
};
