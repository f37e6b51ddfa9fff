import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { chats, integrations } from '../../../db/schema';
import type { AppSettings, Ports } from '../../ports';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import { sha256Hex } from '../../shared/sha256-hex';
import { chatOfIntegration } from '../chat-of-integration';
import { avitoClientOf, avitoUserId } from './account';
import { AvitoError } from './client';

/**
 * Who a customer is, for the chats screen (reference/messengers.md §5): Avito's webhook names only
 * ids, the chat itself (GET /messenger/v2/accounts/{user_id}/chats/{chat_id}, the listing's entry
 * for one chat) names the other user and the listing it is about. The call is made in a job, never
 * in the webhook's request, which Avito gives 2 s; once a chat is named it is not asked about again.
 */

export const AVITO_CHAT_NAME_JOB = 'avito.chat-name';

/** A chat whose name is known is not asked about for this long. */
const NAMED_TTL_SECONDS = 30 * 24 * 60 * 60;

const namedKey = (integrationId: string, chatId: string) => `avito:named:${integrationId}:${chatId}`;

const digest = (text: string) => sha256Hex(text).slice(0, 24);

/** Asks for the chat's name in a job, unless it is known already or asked for now. */
export async function askChatName(ports: Ports, integrationId: string, chatId: string): Promise<void> {
  if (await ports.kv.get(namedKey(integrationId, chatId))) return;
  await ports.jobs.enqueue({
    name: AVITO_CHAT_NAME_JOB,
    payload: { integrationId, chatId },
    dedupId: `avito-chat-name-${digest(`${integrationId}\n${chatId}`)}`,
  });
}

const payloadSchema = v.object({
  integrationId: v.pipe(v.string(), v.uuid()),
  chatId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
});

/** The job: the chat's customer name (when still unknown) and its listing, from Avito. */
export async function nameAvitoChat(payload: unknown, ports: Ports, settings: AppSettings): Promise<void> {
  const parsed = v.safeParse(payloadSchema, payload);
  if (!parsed.success) return console.error(`${AVITO_CHAT_NAME_JOB}: malformed payload`, payload);
  const { integrationId, chatId } = parsed.output;
  const [integration] = await ports.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, integrationId), eq(integrations.type, 'avito')));
  const userId = integration ? avitoUserId(integration) : null;
  if (!integration?.connectionData[CONNECTED_AT] || !userId) return;
  const client = await avitoClientOf({ ports, settings }, integration);
  if (!client) return;
  let info: Awaited<ReturnType<typeof client.chat>>;
  try {
    info = await client.chat(userId, chatId);
  } catch (error) {
    // A chat Avito does not show (gone, another account's) will not show later: left unnamed.
    if (error instanceof AvitoError && error.status < 500 && error.status !== 429 && error.status !== 401) {
      console.warn(`integration ${integrationId} (avito): chat ${chatId} not named: ${error.message}`);
      return;
    }
    throw error;
  }
  const refs = {
    ...(info.itemId ? { item_id: info.itemId } : {}),
    ...(info.itemTitle ? { item_title: info.itemTitle } : {}),
  };
  // A name the chat has already (from a manager, from an earlier message) is kept.
  await ports.db
    .update(chats)
    .set({
      customerName: sql`coalesce(${chats.customerName}, ${info.customerName ?? null})`,
      channelRefs: sql`${chats.channelRefs} || ${JSON.stringify(refs)}::jsonb`,
    })
    .where(chatOfIntegration(integration, chatId));
  await ports.kv.set(namedKey(integrationId, chatId), '1', { ttlSeconds: NAMED_TTL_SECONDS });
}

/** The module's jobs by name (registered beside the engine's: functions/jobs.ts). */
export const avitoJobs = {
  [AVITO_CHAT_NAME_JOB]: nameAvitoChat,
} as const;
