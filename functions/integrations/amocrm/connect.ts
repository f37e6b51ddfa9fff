import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { SecretUnreadable } from '../../secrets/secret-box';
import type { AmoType } from '../../shared/amocrm';
import { randomToken } from '../../shared/same-secret';
import { openConnectionSecret } from '../connection-secrets';
import type { ConnectorResult, IntegrationModule } from '../module';
import { fetchFor, webhookUrl } from '../module';
import { storedTokenFields, tokenFields } from '../oauth-tokens';
import { amoAccountBase, amoDomainOf, amoOAuthClient, amoRedirectUri } from './account';
import { type AmoClient, AmoError, createAmoClient } from './client';
import { openAmoInstall } from './install';
import { exchangeAmoCode } from './oauth';
import { AmoNotConnected, withAmoApi } from './tokens';

/**
 * Connecting an amoCRM / Kommo account (reference/crm.md §1.2, §1.12): the authorisation code (from
 * a consent finished through its state, or a market install the owner confirmed) is spent for the
 * token pair; the account is read;
 * the lead field the bot's replies are written to is found or made (a Salesbot the owner sets up
 * sends it to the chat, §1.14); the account's "incoming message" webhook is pointed at this
 * integration's address with a random secret in its query string (amoCRM signs no webhook).
 */

/** The lead field that carries the bot's reply to the Salesbot: found by its code, else created. */
export const REPLY_FIELD_CODE = 'ONCHAT_REPLY';
const REPLY_FIELD_NAME = 'Ответ бота';
/** The query parameter the secret rides in. */
export const SECRET_PARAMETER = 'secret';
/** The webhook event of an incoming chat message (not in the documented list; reference §1.12). */
const MESSAGE_EVENTS = ['add_message'];

const failure = (reason: string): ConnectorResult => ({ ok: false, reason });

interface AmoField {
  id: number;
  name: string;
  code: string | null;
}

async function replyField(api: AmoClient): Promise<AmoField> {
  for (let page = 1; page <= 20; page++) {
    const answer = await api.get<{ _embedded?: { custom_fields?: AmoField[] }; _links?: { next?: unknown } }>(
      `/api/v4/leads/custom_fields?limit=50&page=${page}`,
    );
    const fields = answer?._embedded?.custom_fields ?? [];
    const found = fields.find((field) => field.code === REPLY_FIELD_CODE);
    if (found) return found;
    if (!answer?._links?.next) break;
  }
  const created = await api.post<{ _embedded?: { custom_fields?: AmoField[] } }>(
    '/api/v4/leads/custom_fields',
    [{ name: REPLY_FIELD_NAME, type: 'textarea', code: REPLY_FIELD_CODE }],
  );
  const field = created?._embedded?.custom_fields?.[0];
  if (!field) throw new Error('amoCRM did not create the reply field');
  return field;
}

/** The webhook address with its secret. */
export const amoWebhookDestination = (ctx: EngineContext, integration: Integration, secret: string) =>
  `${webhookUrl(ctx.settings, integration)}?${SECRET_PARAMETER}=${encodeURIComponent(secret)}`;

/** What connecting learns with a working API: the account, the reply field, the webhook. */
async function setUp(ctx: EngineContext, integration: Integration, api: AmoClient, secret: string) {
  const account = await api.get<{ id: number; name: string; subdomain: string }>('/api/v4/account');
  if (!account) throw new Error('amoCRM answered no account');
  const field = await replyField(api);
  await api.post('/api/v4/webhooks', {
    destination: amoWebhookDestination(ctx, integration, secret),
    settings: MESSAGE_EVENTS,
    sort: 10,
  });
  return {
    // The account as the owner knows it: its domain.
    integrationAccountId: amoDomainOf(integration),
    connectionData: {
      account_id: String(account.id),
      account_name: account.name,
      account_subdomain: account.subdomain,
      reply_field_id: String(field.id),
      reply_field_name: field.name,
      webhook_secret: secret,
    },
  };
}

/**
 * The code to spend and the integration with its account: the one a finished consent wrote (its
 * state checked, consent.ts), else the one in a market install's ticket the owner confirmed. A ticket
 * that came back with a state finishes only through that state.
 */
async function pendingCode(
  ctx: EngineContext,
  row: Integration,
): Promise<{ integration: Integration; code: string | null } | string> {
  const code = await openConnectionSecret(ctx.settings.secretsKey, row, 'code');
  if (code) return { integration: row, code };
  const ticket = await openConnectionSecret(ctx.settings.secretsKey, row, 'install');
  if (!ticket) return { integration: row, code: null };
  const install = await openAmoInstall(ctx.settings.secretsKey, ticket, ctx.ports.clock.now());
  if (!install || install.type !== row.type) return 'the install ticket is not ours, was altered or expired';
  if (install.state) return 'a consent started here finishes through its state, not as an install';
  return {
    integration: { ...row, connectionData: { ...row.connectionData, referer: install.referer } },
    code: install.code,
  };
}

export const amoConnection: Pick<IntegrationModule, 'connect' | 'disconnect'> = {
  async connect(row, ctx) {
    const type = row.type as AmoType;
    const client = amoOAuthClient(ctx.settings, type);
    if (!client) return failure(`${type} is not configured (no OAuth client)`);
    try {
      const pending = await pendingCode(ctx, row);
      if (typeof pending === 'string') return failure(pending);
      const { integration, code } = pending;
      const domain = amoDomainOf(integration);
      if (!domain) return failure('no account domain of the host in connection_data.referer');
      const secret =
        (await openConnectionSecret(ctx.settings.secretsKey, integration, 'webhook_secret')) ?? randomToken();
      if (code) {
        const base = amoAccountBase(ctx.settings, type, domain);
        const tokens = await exchangeAmoCode(
          {
            base,
            client,
            redirectUri: amoRedirectUri(ctx.settings),
            now: ctx.ports.clock.now(),
            fetch: fetchFor(ctx.settings, type),
          },
          code,
        );
        const api = createAmoClient({
          base,
          accessToken: tokens.accessToken,
          throttleKey: `${type}:${domain}`,
          fetch: fetchFor(ctx.settings, type),
        });
        const learnt = await setUp(ctx, integration, api, secret);
        return {
          ok: true,
          integrationAccountId: learnt.integrationAccountId,
          // The code is spent: it is dropped with the connection, and so is the ticket it came in.
          connectionData: {
            ...learnt.connectionData,
            ...tokenFields(tokens),
            referer: domain,
            code: '',
            install: '',
          },
        };
      }
      const learnt = await withAmoApi(ctx, integration, (api) => setUp(ctx, integration, api, secret));
      const tokens = await storedTokenFields(ctx, integration.id);
      return { ok: true, ...learnt, connectionData: { ...learnt.connectionData, ...tokens } };
    } catch (error) {
      if (
        error instanceof AmoError ||
        error instanceof AmoNotConnected ||
        error instanceof SecretUnreadable
      ) {
        return failure(error.message);
      }
      throw error;
    }
  },
  async disconnect(integration, ctx) {
    const secret = await openConnectionSecret(ctx.settings.secretsKey, integration, 'webhook_secret');
    if (!secret) return;
    await withAmoApi(ctx, integration, (api) =>
      api.delete('/api/v4/webhooks', { destination: amoWebhookDestination(ctx, integration, secret) }),
    );
  },
};
