import type { Integration } from '../../../db/schema';
import type { ServiceContext } from '../../services/context';
import { isConnected } from '../../services/integrations/integration-view';
import { currentQr, publishQr, QR_FLOW_SECONDS, qrDeadline } from '../../services/integrations/qr';
import { AppError } from '../../shared/app-error';
import type { QrState } from '../module';
import { rememberProfile, wappiClientOf, wappiProfileId } from './account';
import { type WappiClient, WappiError } from './client';
import { wappiAccountId } from './connect';

/**
 * The profile's QR (reference/messengers.md §2.3, §7). Wappi pushes no QR: it is fetched with
 * `sync/qr/get`, and only because someone watches: each GET .../getqr (the settings page asks about
 * every 15 s while it shows the QR) fetches at most one fresh QR per FETCH_EVERY_SECONDS per
 * integration, within the flow's 2 minutes (SPEC §9). After the deadline nothing is fetched: a page
 * that kept asking is told the flow expired; the next getqr (the page's "new QR" button, or a page
 * opened later) starts a new flow. "Already authorized" from Wappi, or an `authorization_status`
 * webhook saying online, ends the flow connected. The QR is never logged.
 */

/** At most one `qr/get` per this many seconds per integration, however many pages ask. */
export const FETCH_EVERY_SECONDS = 15;
/**
 * A page that has not asked for this long has gone (it asks about every 15 s): asking again after
 * the deadline is then a new viewer, who gets a new flow rather than the old one's end.
 */
const VIEWER_GONE_SECONDS = 40;

/** When getqr was last asked and whether the flow's end was told: kept beside the flow's state. */
interface Asked {
  at: number;
  toldExpired: boolean;
}

const askedKey = (integrationId: string) => `wappi-qr-asked:${integrationId}`;
/** A counter that lives FETCH_EVERY_SECONDS: the first taker of a window may fetch. */
const fetchKey = (integrationId: string) => `wappi-qr-fetch:${integrationId}`;

async function lastAsked(ctx: ServiceContext, integrationId: string): Promise<Asked | null> {
  const stored = await ctx.ports.kv.get(askedKey(integrationId));
  return stored ? (JSON.parse(stored) as Asked) : null;
}

const rememberAsked = (ctx: ServiceContext, integrationId: string, asked: Asked) =>
  ctx.ports.kv.set(askedKey(integrationId), JSON.stringify(asked), { ttlSeconds: QR_FLOW_SECONDS * 2 });

/** Claims this window's fetch; false when another call fetched less than FETCH_EVERY_SECONDS ago. */
const claimFetch = async (ctx: ServiceContext, integrationId: string) =>
  (await ctx.ports.kv.incr(fetchKey(integrationId), FETCH_EVERY_SECONDS)) === 1;

/** Gives a failed fetch's claim back, so the next ask tries again. */
const releaseFetch = (ctx: ServiceContext, integrationId: string) =>
  ctx.ports.kv.incr(fetchKey(integrationId), FETCH_EVERY_SECONDS, -1);

/**
 * The phone is authorised: what is known of it is kept (its number from the status call, best
 * effort) and a running flow ends connected.
 */
export async function wappiAuthorized(
  ctx: ServiceContext,
  integration: Integration,
  client: WappiClient | null,
): Promise<void> {
  let phone: string | null = null;
  try {
    const status = client ? await client.status() : null;
    phone = status?.authorized ? status.phone : null;
  } catch (error) {
    console.warn(`integration ${integration.id} (wappi): the status call failed: ${String(error)}`);
  }
  const name =
    typeof integration.connectionData.profile_name === 'string'
      ? integration.connectionData.profile_name
      : null;
  await rememberProfile(
    ctx,
    integration,
    phone ? { authorized: true, phone } : { authorized: true },
    phone ? wappiAccountId(phone, name, wappiProfileId(integration) ?? '') : undefined,
  );
  await publishQr(ctx, integration.id, { state: 'connected' });
}

/** The phone logged out (authorization_status offline): kept, so the settings page says so. */
export const wappiLoggedOut = (ctx: ServiceContext, integration: Integration) =>
  rememberProfile(ctx, integration, { authorized: false });

/** Fetches a QR for the flow ending at `deadline` and shows it; `running` is what showed before. */
async function fetchQr(
  ctx: ServiceContext,
  integration: Integration,
  client: WappiClient,
  deadline: string,
  running: QrState | null,
): Promise<QrState> {
  try {
    const answer = await client.qr();
    if (answer.kind === 'authorized') {
      await wappiAuthorized(ctx, integration, client);
      return { state: 'connected' };
    }
    const shown: QrState = { state: 'qr', qr: answer.qr, expires_at: deadline };
    await publishQr(ctx, integration.id, shown);
    return shown;
  } catch (error) {
    if (!(error instanceof WappiError)) throw error;
    await releaseFetch(ctx, integration.id);
    console.warn(`integration ${integration.id} (wappi): fetching the QR failed: ${error.message}`);
    // A flow already showing something keeps it; the next ask tries again.
    if (running) return running;
    throw new AppError(
      error.status === 401 || error.status === 404 ? 'integration_connect_failed' : 'upstream_failed',
    );
  }
}

/** GET .../getqr for a Wappi integration. */
export async function wappiQr(integration: Integration, ctx: ServiceContext): Promise<QrState> {
  const client = isConnected(integration) ? await wappiClientOf(ctx.settings, integration) : null;
  if (!client) throw new AppError('integration_connect_failed');
  const now = ctx.ports.clock.now().getTime();
  const [running, asked] = await Promise.all([
    currentQr(ctx, integration.id),
    lastAsked(ctx, integration.id),
  ]);
  await rememberAsked(ctx, integration.id, { at: now, toldExpired: false });
  if (running?.state === 'connected') return running;

  if (running?.state === 'qr' || running?.state === 'waiting') {
    if (!(await claimFetch(ctx, integration.id))) return running;
    return fetchQr(ctx, integration, client, running.expires_at, running);
  }

  // Past the deadline, a page that kept asking is told, and nothing more is fetched for it.
  const keptAsking = asked !== null && !asked.toldExpired && now - asked.at <= VIEWER_GONE_SECONDS * 1000;
  if (running?.state === 'expired' && keptAsking) {
    const expired: QrState = { state: 'expired' };
    await rememberAsked(ctx, integration.id, { at: now, toldExpired: true });
    await publishQr(ctx, integration.id, expired);
    return expired;
  }

  // A new flow: a QR now, unless one was fetched less than FETCH_EVERY_SECONDS ago.
  const deadline = qrDeadline(ctx);
  if (!(await claimFetch(ctx, integration.id))) {
    const waiting: QrState = { state: 'waiting', expires_at: deadline };
    await publishQr(ctx, integration.id, waiting);
    return waiting;
  }
  return fetchQr(ctx, integration, client, deadline, null);
}
