import { and, eq } from 'drizzle-orm';
import { integrations } from '../../../db/schema';
import type { AppSettings, Ports } from '../../ports';
import { safeErrorText } from '../../shared/safe-error';
import { openConnectionSecret } from '../connection-secrets';
import { retailText } from './account';

/**
 * The chat gateway sends its events over a WebSocket the bot holds open (reference/crm.md §3.3),
 * not by webhook. Whatever holds it (the Node process locally: local-mg-streams.ts) hands each
 * frame as it came to the integration's inbound address with the secret made on connecting, so a
 * frame goes through the one webhook pipeline: verified, deduplicated by message id, answered once.
 */

export const STREAM_SECRET_HEADER = 'x-onchat-stream-secret';
const EVENTS = ['message_new'];

/** One connected integration's stream: where to open it and how to hand its frames on. */
export interface MgStreamTarget {
  integrationId: string;
  /** `wss://{gateway}/api/bot/v1/ws?events=…` */
  url: string;
  token: string;
  /** The inbound address's secret (STREAM_SECRET_HEADER). */
  secret: string;
}

export const mgStreamUrl = (endpoint: string) =>
  `${endpoint.replace(/\/+$/, '').replace(/^http/, 'ws')}/api/bot/v1/ws?events=${EVENTS.join(',')}`;

/** The streams to hold now: every switched-on RetailCRM integration that connected a chat bot. */
export async function mgStreamTargets(ports: Ports, settings: AppSettings): Promise<MgStreamTarget[]> {
  const rows = await ports.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.type, 'retailcrm'), eq(integrations.activated, true)));
  const targets: MgStreamTarget[] = [];
  for (const row of rows) {
    const endpoint = retailText(row, 'mg_endpoint');
    if (!endpoint) continue;
    try {
      const token = await openConnectionSecret(settings.secretsKey, row, 'mg_token');
      const secret = await openConnectionSecret(settings.secretsKey, row, 'webhook_secret');
      if (token && secret) targets.push({ integrationId: row.id, url: mgStreamUrl(endpoint), token, secret });
    } catch (error) {
      console.error(`retailcrm ${row.id}: its chat secrets do not open: ${safeErrorText(error)}`);
    }
  }
  return targets;
}
