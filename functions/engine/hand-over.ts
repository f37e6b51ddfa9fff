import { and, eq, inArray } from 'drizzle-orm';
import { type Integration, integrations } from '../../db/schema';
import { moduleFor } from '../integrations/registry';
import { CONNECTED_AT } from '../shared/integration-catalogue';
import { safeErrorText } from '../shared/safe-error';
import { idempotencyKey } from './actions/webhook';
import { notifyRecipients } from './notify-recipients';
import { fillPlaceholders } from './placeholders';
import { placeholderValues, type Turn } from './turn';

/**
 * The bot stopped in a dialogue (its stop action or the automatic stop): the CRM it works with
 * takes the dialogue over (SPEC §3 stop_task, info transfer). The chat's own CRM when it came from
 * one, else the first CRM the bot's actions name: it gets the stop task for the team, and the
 * summary and variables as a note on the deal; the profile's Telegram recipients are told when the
 * info transfer asks (notify-recipients.ts). Runs before the reply is stored, keyed by the
 * answer, so a retried run makes nothing twice; a failure is recorded with the answer, never fails it.
 */

const wantsHandOver = (turn: Turn) =>
  turn.bot.stopTask.trim() !== '' ||
  turn.bot.infoTransfer.send_summary ||
  turn.bot.infoTransfer.send_variables;

/** The integration ids the dialogue's CRM may be, in order of preference. */
function candidates(turn: Turn): string[] {
  const named = turn.bot.actions.flatMap((action) => {
    const id = (action.settings as { integration_id?: unknown }).integration_id;
    return typeof id === 'string' && id ? [id] : [];
  });
  return [...new Set([...(turn.chat.integrationId ? [turn.chat.integrationId] : []), ...named])];
}

async function crmOf(turn: Turn): Promise<Integration | undefined> {
  const ids = candidates(turn);
  if (ids.length === 0) return undefined;
  const rows = await turn.ctx.ports.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.accountId, turn.account.id), inArray(integrations.id, ids)));
  const usable = rows.filter(
    (row) =>
      row.activated && typeof row.connectionData[CONNECTED_AT] === 'string' && moduleFor(row.type)?.handOver,
  );
  return ids.map((id) => usable.find((row) => row.id === id)).find(Boolean);
}

async function handOverToCrm(turn: Turn, key: string): Promise<void> {
  if (!wantsHandOver(turn)) return;
  const integration = await crmOf(turn);
  const run = integration && moduleFor(integration.type)?.handOver;
  if (!integration || !run) return;
  const values = placeholderValues(turn);
  try {
    await run(turn, integration, { key, fill: (template) => fillPlaceholders(template, values) });
  } catch (error) {
    turn.actions.push({ name: 'handover', type: 'handover', ok: false, detail: safeErrorText(error) });
  }
}

export async function handOver(turn: Turn): Promise<void> {
  if (!turn.stop) return;
  const key = `${idempotencyKey(turn)}:handover`;
  await handOverToCrm(turn, key);
  if (turn.bot.infoTransfer.notify_recipients) await notifyRecipients(turn, key);
}
