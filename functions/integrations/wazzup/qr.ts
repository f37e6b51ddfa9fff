import type { Integration } from '../../../db/schema';
import type { ServiceContext } from '../../services/context';
import { isConnected } from '../../services/integrations/integration-view';
import { currentQr, publishQr, qrArrived, qrDeadline } from '../../services/integrations/qr';
import { AppError } from '../../shared/app-error';
import { isActiveChannelState, wazzupChannelsOf } from '../../shared/wazzup';
import type { QrState } from '../module';
import { chosenChannelId, rememberChannels, wazzupApiKey, wazzupClient, whatsappChannels } from './account';
import { WazzupError } from './client';
import type { WazzupChannelUpdate } from './webhook';

/**
 * The chosen WhatsApp channel's QR (reference/messengers.md §1.3.4, §7). Wazzup v3 has no call that
 * fetches a QR: while the channel waits for a scan, Wazzup pushes each fresh QR in a
 * `channelsUpdates` webhook, and `active` once the phone scanned it. getqr therefore only looks at
 * the channel's state and, when it needs a scan, opens a flow that the webhooks then fill.
 */

/**
 * GET .../getqr: the running flow; else the channel's state now: active is connected; anything else
 * opens a flow that waits for Wazzup's next QR.
 */
export async function wazzupQr(integration: Integration, ctx: ServiceContext): Promise<QrState> {
  const running = await currentQr(ctx, integration.id);
  if (running && (running.state === 'qr' || running.state === 'waiting')) return running;
  const channelId = chosenChannelId(integration);
  const apiKey = isConnected(integration) ? await wazzupApiKey(ctx.settings, integration) : null;
  if (!apiKey || !channelId) throw new AppError('integration_connect_failed');
  let channels: Awaited<ReturnType<typeof whatsappChannels>>;
  try {
    channels = whatsappChannels(await wazzupClient(ctx.settings, apiKey).listChannels());
  } catch (error) {
    if (!(error instanceof WazzupError)) throw error;
    console.warn(`integration ${integration.id} (wazzup): listing channels failed: ${error.message}`);
    throw new AppError(error.status === 401 ? 'integration_connect_failed' : 'upstream_failed');
  }
  await rememberChannels(ctx, integration, { channels });
  const channel = channels.find((one) => one.id === channelId);
  if (!channel) throw new AppError('integration_connect_failed');
  if (isActiveChannelState(channel.state)) {
    const connected: QrState = { state: 'connected' };
    await publishQr(ctx, integration.id, connected);
    return connected;
  }
  const waiting: QrState = { state: 'waiting', expires_at: qrDeadline(ctx) };
  await publishQr(ctx, integration.id, waiting);
  return waiting;
}

/**
 * A `channelsUpdates` entry of the chosen channel: a QR goes to the running flow (never to a log),
 * `active` ends it as connected; the state is kept for the settings page.
 */
export async function wazzupChannelUpdated(
  ctx: ServiceContext,
  integration: Integration,
  update: WazzupChannelUpdate,
): Promise<void> {
  if (update.state && update.state !== integration.connectionData.channel_state) {
    const channels = wazzupChannelsOf(integration.connectionData).map((channel) =>
      channel.id === update.channelId ? { ...channel, state: update.state } : channel,
    );
    const listed = channels.some((channel) => channel.id === update.channelId);
    await rememberChannels(ctx, integration, {
      ...(listed ? { channels } : {}),
      channel_state: update.state,
    });
  }
  if (update.state.toLowerCase() === 'qr' && update.qr) {
    await qrArrived(ctx, integration, update.qr);
  } else if (isActiveChannelState(update.state)) {
    await publishQr(ctx, integration.id, { state: 'connected' });
  }
}
