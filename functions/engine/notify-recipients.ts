import { makeOnce } from '../integrations/external-effect';
import { TelegramClient } from '../integrations/telegram/api';
import { safeErrorText } from '../shared/safe-error';
import type { Turn } from './turn';

/**
 * The bot's info transfer "notify recipients" (SPEC §3 info transfer, the profile's Telegram
 * recipients): when the bot stops, each recipient gets a message from the product's notification bot
 * (TELEGRAM_NOTIFY_BOT_TOKEN) with the bot, the reason, the model's summary and a link to the chat.
 * Each recipient once per stop; one that cannot be reached (it never wrote to the bot) is recorded
 * with the answer. Without the token configured nothing is sent, and that is recorded too.
 */

function notice(turn: Turn): string {
  const en = turn.account.lang === 'en';
  const who = turn.chat.customerName ?? turn.chat.customerPhone ?? turn.chat.customerUsername;
  const link = `${turn.ctx.settings.publicUrl.replace(/\/+$/, '')}/chats?chat=${turn.chat.id}`;
  const { reason = '', summary = '' } = turn.handover ?? {};
  const lines = [
    en
      ? `The bot «${turn.bot.name}» stopped${who ? ` in the dialogue with ${who}` : ''} and hands it to you.`
      : `Бот «${turn.bot.name}» остановился${who ? ` в диалоге с ${who}` : ''} и передаёт его вам.`,
    reason && `${en ? 'Reason' : 'Причина'}: ${reason}`,
    summary && `${en ? 'Summary' : 'Итог'}: ${summary}`,
    link,
  ];
  return lines.filter(Boolean).join('\n').slice(0, 4000);
}

export async function notifyRecipients(turn: Turn, key: string): Promise<void> {
  const recipients = turn.account.notifications;
  if (recipients.length === 0) return;
  const token = turn.ctx.settings.notifyBotToken;
  if (!token) {
    turn.actions.push({
      name: 'notify',
      type: 'notify',
      ok: false,
      detail: 'TELEGRAM_NOTIFY_BOT_TOKEN is not set',
    });
    return;
  }
  const client = new TelegramClient(token, { apiRoot: turn.ctx.settings.apiRoots?.telegram });
  const text = notice(turn);
  for (const recipient of recipients) {
    try {
      await makeOnce(turn.ctx, turn.account.id, `${key}:notify:${recipient}`, {
        make: async () => ({ message: await client.sendMessage(recipient, text) }),
      });
      turn.actions.push({ name: 'notify', type: 'notify', ok: true, detail: recipient });
    } catch (error) {
      turn.actions.push({
        name: 'notify',
        type: 'notify',
        ok: false,
        detail: `${recipient}: ${safeErrorText(error)}`,
      });
    }
  }
}
