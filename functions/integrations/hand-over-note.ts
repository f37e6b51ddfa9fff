import type { Turn } from '../engine/turn';

/**
 * The bot's info transfer (SPEC §3 info_transfer) as a CRM note: why the bot stopped, the summary
 * the model wrote and the variables filled in the dialogue, as the bot's settings ask; null when
 * there is nothing to say.
 */
export function handOverNote(turn: Turn): string | null {
  const { infoTransfer } = turn.bot;
  const summary = infoTransfer.send_summary ? (turn.handover?.summary ?? '') : '';
  const variables = infoTransfer.send_variables ? turn.variables : null;
  if (!summary && !(variables && Object.keys(variables).length > 0)) return null;
  return noteText(summary, turn.handover?.reason ?? '', variables);
}

function noteText(summary: string, reason: string, variables: Record<string, string> | null) {
  const lines = ['Бот остановился и передал диалог команде.'];
  if (reason) lines.push(`Причина: ${reason}`);
  if (summary) lines.push('', 'Итог диалога:', summary);
  if (variables && Object.keys(variables).length > 0) {
    lines.push(
      '',
      'Данные из диалога:',
      ...Object.entries(variables).map(([name, value]) => `${name}: ${value}`),
    );
  }
  return lines.join('\n').slice(0, 10_000);
}
