import type { EngineContext } from '../../engine/context';

/**
 * What the channel remembers of its own sends, by the wamid Meta answered: the dialogue it went to
 * (a `failed` status writes its reason there) and the furthest status seen. Statuses come in any
 * order and more than once (§2.5: `delivered` may be skipped or come after `read`), so a status
 * never goes back. Kept as long as Meta keeps trying to deliver (a message's TTL is 30 days).
 */
const TTL_SECONDS = 30 * 24 * 60 * 60;

const RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3, played: 3, failed: 4 };

const sentKey = (integrationId: string, wamid: string) => `whatsapp:sent:${integrationId}:${wamid}`;
const statusKey = (integrationId: string, wamid: string) => `whatsapp:status:${integrationId}:${wamid}`;

/** After Meta took a send: the wamid is ours, of the dialogue `chatId`. */
export const rememberSent = (ctx: EngineContext, integrationId: string, wamid: string, chatId: string) =>
  ctx.ports.kv.set(sentKey(integrationId, wamid), chatId, { ttlSeconds: TTL_SECONDS });

/** The dialogue of one of our sends; null for a wamid we did not send. */
export const sentChatOf = (ctx: EngineContext, integrationId: string, wamid: string) =>
  ctx.ports.kv.get(sentKey(integrationId, wamid));

/** The furthest status of one of our sends (sent, delivered, read, failed); null before any. */
export const deliveryStatusOf = (ctx: EngineContext, integrationId: string, wamid: string) =>
  ctx.ports.kv.get(statusKey(integrationId, wamid));

/** Keeps `status` when it goes further than the one kept; says whether it did. */
export async function advanceStatus(
  ctx: EngineContext,
  integrationId: string,
  wamid: string,
  status: string,
): Promise<boolean> {
  const rank = RANK[status];
  if (rank === undefined) return false;
  const current = await deliveryStatusOf(ctx, integrationId, wamid);
  if (current !== null && (RANK[current] ?? 0) >= rank) return false;
  await ctx.ports.kv.set(statusKey(integrationId, wamid), status, { ttlSeconds: TTL_SECONDS });
  return true;
}
