import type { Integration } from '../../../db/schema';
import type { QrState } from '../../integrations/module';
import { moduleFor } from '../../integrations/registry';
import { AppError } from '../../shared/app-error';
import type { AccountContext, ServiceContext } from '../context';
import { ownIntegration } from './own-integration';

/**
 * A messenger authorised by scanning a QR (SPEC §4, reference/messengers.md §7). The current state
 * is kept for the 2 minutes a QR flow may last (SPEC §9) and pushed to the integration's own room,
 * which only a browser holding a token for it can join; the QR is never logged.
 */

/** How long one QR flow lasts before the page offers a new one (SPEC §9: up to 2 minutes). */
export const QR_FLOW_SECONDS = 120;

export const qrRoom = (integrationId: string) => `qr:${integrationId}`;
const stateKey = (integrationId: string) => `qr-state:${integrationId}`;

/** The state the flow is in now; null before one starts and after it ends. */
export async function currentQr(ctx: ServiceContext, integrationId: string): Promise<QrState | null> {
  const stored = await ctx.ports.kv.get(stateKey(integrationId));
  if (!stored) return null;
  const state = JSON.parse(stored) as QrState;
  if ('expires_at' in state && Date.parse(state.expires_at) <= ctx.ports.clock.now().getTime()) {
    return { state: 'expired' };
  }
  return state;
}

/** A new flow's deadline. */
export const qrDeadline = (ctx: ServiceContext) =>
  new Date(ctx.ports.clock.now().getTime() + QR_FLOW_SECONDS * 1000).toISOString();

/**
 * Keeps and pushes a state: a new QR (skipped when it is the one shown already), connected, or
 * expired. Publishing is best effort: the page also reads the state with getqr.
 */
export async function publishQr(ctx: ServiceContext, integrationId: string, state: QrState): Promise<void> {
  const { kv, rooms } = ctx.ports;
  const before = await currentQr(ctx, integrationId);
  if (before && JSON.stringify(before) === JSON.stringify(state)) return;
  if (state.state === 'qr' || state.state === 'waiting') {
    await kv.set(stateKey(integrationId), JSON.stringify(state), { ttlSeconds: QR_FLOW_SECONDS + 60 });
  } else {
    await kv.set(stateKey(integrationId), JSON.stringify(state), { ttlSeconds: 60 });
  }
  try {
    await rooms.publish(qrRoom(integrationId), state);
  } catch (error) {
    console.error(`integration ${integrationId}: pushing the QR state failed`, (error as Error).message);
  }
}

/**
 * A QR arriving for an integration whose flow is running (Wazzup pushes them by webhook): shown
 * with the flow's deadline. Outside a flow nobody is watching, so it is dropped.
 */
export async function qrArrived(ctx: ServiceContext, integration: Integration, qr: string): Promise<void> {
  const now = await currentQr(ctx, integration.id);
  if (!now || (now.state !== 'waiting' && now.state !== 'qr')) return;
  await publishQr(ctx, integration.id, { state: 'qr', qr, expires_at: now.expires_at });
}

export interface QrView {
  state: QrState;
  /** The socket address with a token for this integration's room (SPEC §7: token and integrationId). */
  url: string;
}

/**
 * GET /api/integrations/{id}/getqr: starts or resumes the QR flow of a messenger integration and
 * answers its state with the socket to follow it on. Types without a QR answer 422.
 */
export async function getQr(ctx: AccountContext, id: string): Promise<QrView> {
  const integration = await ownIntegration(ctx, id);
  const qr = moduleFor(integration.type)?.qr;
  if (!qr) throw new AppError('integration_not_available');
  const state = await qr(integration, ctx);
  const url = await ctx.ports.rooms.joinUrl(qrRoom(integration.id), ctx.ports.clock.now(), ctx.sessionId);
  return { state, url };
}
