import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { SecretUnreadable } from '../../secrets/secret-box';
import { openConnectionSecret } from '../connection-secrets';
import type { ConnectorResult, IntegrationModule } from '../module';
import { fetchFor, webhookUrl } from '../module';
import { NotConnected, tokenFields } from '../oauth-tokens';
import { type BitrixClient, BitrixError, createBitrixClient } from './client';
import { openInstallTicket } from './install';
import { bitrixOAuthClient, refreshBitrixGrant } from './oauth';
import { learnedText, withBitrixApi } from './tokens';

/**
 * Connecting a Bitrix24 portal (reference/crm.md §2.1, §2.2, §2.6): the install ticket the owner
 * brought from Bitrix24 is opened, its refresh token spent at the OAuth server, which names the
 * portal (its REST root and member id: the portal's domain is taken from there, never from the
 * unauthenticated install POST); the bot is registered for Open Lines (`imbot.register`, TYPE O), its events sent to this
 * integration's address, and the application's removal subscribed. A bot registered by an earlier
 * connection of the integration is found by its code.
 */

interface BotEntry {
  ID?: string | number;
  CODE?: string;
}

const failure = (reason: string): ConnectorResult => ({ ok: false, reason });

/** One bot per integration: its code, stable across reconnections. */
const botCode = (integration: Integration) => `onchat_${integration.id.replace(/-/g, '').slice(0, 16)}`;

async function registeredBot(
  ctx: EngineContext,
  integration: Integration,
  api: BitrixClient,
): Promise<string> {
  const handler = webhookUrl(ctx.settings, integration);
  const code = botCode(integration);
  try {
    const id = await api.result<number | string>('imbot.register', {
      CODE: code,
      TYPE: 'O',
      OPENLINE: 'Y',
      EVENT_MESSAGE_ADD: handler,
      EVENT_WELCOME_MESSAGE: handler,
      EVENT_BOT_DELETE: handler,
      PROPERTIES: { NAME: 'onchat', WORK_POSITION: 'AI-ассистент', COLOR: 'AQUA' },
    });
    return String(id);
  } catch (error) {
    if (!(error instanceof BitrixError) || error.code !== 'CODE_ERROR') throw error;
    const bots = await api.result<Record<string, BotEntry> | BotEntry[]>('imbot.bot.list');
    const found = Object.values(bots ?? {}).find((bot) => bot.CODE === code);
    if (!found?.ID) throw error;
    return String(found.ID);
  }
}

async function subscribeRemoval(ctx: EngineContext, integration: Integration, api: BitrixClient) {
  try {
    await api.result('event.bind', {
      event: 'ONAPPUNINSTALL',
      handler: webhookUrl(ctx.settings, integration),
    });
  } catch (error) {
    // Bound already by an earlier connection.
    if (!(error instanceof BitrixError) || !/already|ERROR_EVENT/i.test(`${error.code} ${error.description}`))
      throw error;
  }
}

const hostOf = (endpoint: string) => new URL(endpoint).host;

async function connectFromTicket(
  ctx: EngineContext,
  integration: Integration,
  ticket: string,
): Promise<ConnectorResult> {
  const install = await openInstallTicket(ctx.settings.secretsKey, ticket, ctx.ports.clock.now());
  if (!install) return failure('the install ticket is not ours, was altered or expired');
  if (!install.applicationToken) return failure('the install carried no application token');
  const grant = await refreshBitrixGrant(ctx, install.refreshToken);
  if (grant.memberId !== install.memberId) return failure('the grant belongs to another portal');
  // The portal is the one the OAuth server names (the install POST is unauthenticated).
  const portal = hostOf(grant.clientEndpoint);
  const api = createBitrixClient({
    endpoint: grant.clientEndpoint,
    accessToken: grant.accessToken,
    fetch: fetchFor(ctx.settings, 'bitrix'),
  });
  const botId = await registeredBot(ctx, integration, api);
  await subscribeRemoval(ctx, integration, api);
  return {
    ok: true,
    integrationAccountId: portal,
    connectionData: {
      domain: portal,
      member_id: grant.memberId,
      client_endpoint: grant.clientEndpoint,
      portal_host: portal,
      bot_id: botId,
      application_token: install.applicationToken,
      ...tokenFields(grant),
      // Spent: the refresh token in it is used up.
      install: '',
    },
  };
}

export const bitrixConnection: Pick<IntegrationModule, 'connect' | 'disconnect'> = {
  async connect(integration, ctx) {
    if (!bitrixOAuthClient(ctx)) return failure('bitrix is not configured (no OAuth client)');
    try {
      const ticket = await openConnectionSecret(ctx.settings.secretsKey, integration, 'install');
      if (!ticket) return failure('no install data from Bitrix24: open the application in Bitrix24 again');
      return await connectFromTicket(ctx, integration, ticket);
    } catch (error) {
      if (
        error instanceof BitrixError ||
        error instanceof NotConnected ||
        error instanceof SecretUnreadable
      ) {
        return failure(error.message);
      }
      throw error;
    }
  },
  async disconnect(integration, ctx) {
    const botId = learnedText(integration, 'bot_id');
    if (!botId) return;
    await withBitrixApi(ctx, integration, (api) => api.result('imbot.unregister', { BOT_ID: Number(botId) }));
  },
};
