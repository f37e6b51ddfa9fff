import { and, eq } from 'drizzle-orm';
import { integrations } from '../../../db/schema';
import type { AppSettings, Ports } from '../../ports';
import type { StreamTarget } from '../../ports/streams';
import { safeErrorText } from '../../shared/safe-error';
import { openConnectionSecret } from '../connection-secrets';
import { accountAddressAllowed } from '../module';
import { retailText } from './account';

/**
 * The chat gateway sends its events over a WebSocket the bot holds open (reference/crm.md §3.3),
 * not by webhook. The streams port (ports/streams.ts) holds one per connected integration and hands
 * each frame as it came to the integration's inbound address with the secret made on connecting, so
 * a frame goes through the one webhook pipeline: verified, deduplicated by message id, answered once.
 */

export const STREAM_SECRET_HEADER = 'x-onchat-stream-secret';
const EVENTS = ['message_new'];

export const mgStreamUrl = (endpoint: string) =>
  `${endpoint.replace(/\/+$/, '').replace(/^http/, 'ws')}/api/bot/v1/ws?events=${EVENTS.join(',')}`;

/** The streams to hold now: every switched-on RetailCRM integration that connected a chat bot. */
export async function mgStreamTargets(ports: Ports, settings: AppSettings): Promise<StreamTarget[]> {
  const rows = await ports.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.type, 'retailcrm'), eq(integrations.activated, true)));
  const targets: StreamTarget[] = [];
  for (const row of rows) {
    const endpoint = retailText(row, 'mg_endpoint');
    if (!endpoint) continue;
    if (!accountAddressAllowed(settings, 'retailcrm', endpoint)) {
      console.warn(`retailcrm ${row.id}: its chat gateway's address is not one we may call; not held`);
      continue;
    }
    try {
      const token = await openConnectionSecret(settings.secretsKey, row, 'mg_token');
      const secret = await openConnectionSecret(settings.secretsKey, row, 'webhook_secret');
      if (!token || !secret) continue;
      targets.push({
        key: row.id,
        url: mgStreamUrl(endpoint),
        headers: { 'X-Bot-Token': token },
        path: `/api/webhooks/retailcrm/${row.id}`,
        forwardHeaders: { [STREAM_SECRET_HEADER]: secret },
      });
    } catch (error) {
      console.error(`retailcrm ${row.id}: its chat secrets do not open: ${safeErrorText(error)}`);
    }
  }
  return targets;
}

/** Asks the streams port to hold every wanted stream (the `chat-streams` schedule). */
export async function holdMgStreams(ports: Ports, settings: AppSettings): Promise<void> {
  if (!ports.streams) return;
  for (const target of await mgStreamTargets(ports, settings)) {
    try {
      await ports.streams.hold(target);
    } catch (error) {
      console.error(`retailcrm ${target.key}: its stream is not held: ${safeErrorText(error)}`);
    }
  }
}
