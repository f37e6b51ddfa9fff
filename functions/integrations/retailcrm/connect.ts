import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import type { AppSettings } from '../../ports';
import { SecretUnreadable } from '../../secrets/secret-box';
import { asRecord } from '../../shared/as-record';
import { randomToken } from '../../shared/same-secret';
import { openConnectionSecret } from '../connection-secrets';
import type { ConnectorResult, IntegrationModule } from '../module';
import { isRetailToken, RetailNotConnected, retailAccountOf, retailModuleOf, withRetailApi } from './account';
import { type RetailClient, RetailError } from './client';
import { openRetailInstall } from './install';

/**
 * Connecting a RetailCRM account (reference/crm.md §3.1): the marketplace's "simple connection"
 * brought the account's address, its API key and a token that must be the HMAC of the key under the
 * module's secret. The module is then registered in the account (`integration-modules/{code}/edit`)
 * with the chat gateway's bot, whose address and token RetailCRM answers; the site orders are made
 * on is read. Disconnecting switches the module off there.
 */

const failure = (reason: string): ConnectorResult => ({ ok: false, reason });

function moduleJson(settings: AppSettings, code: string, integration: Integration, active: boolean) {
  const base = settings.publicUrl.replace(/\/+$/, '');
  return {
    code,
    integrationCode: code,
    active,
    name: 'onchat',
    clientId: integration.id,
    baseUrl: base,
    accountUrl: `${base}/integrations/retailcrm/${integration.id}`,
    integrations: { mgBot: {} },
  };
}

/** The first active site: orders made by the bot go there. */
async function siteOf(api: RetailClient): Promise<{ code: string; name: string } | null> {
  const answer = await api.get('reference/sites');
  const sites = Object.values(asRecord(answer.sites)).map(asRecord);
  const site = sites.find((one) => one.active !== false) ?? sites[0];
  if (typeof site?.code !== 'string') return null;
  return { code: site.code, name: typeof site.name === 'string' ? site.name : site.code };
}

/**
 * The integration with the account the marketplace registered: a sealed install ticket brought from
 * the confirmation opens to the address, key and token (spent once connected); without one, the
 * fields stored already.
 */
async function withInstall(
  ctx: EngineContext,
  integration: Integration,
): Promise<{ integration: Integration; fromTicket: Record<string, string> } | null> {
  const ticket = await openConnectionSecret(ctx.settings.secretsKey, integration, 'install');
  if (!ticket) return { integration, fromTicket: {} };
  const install = await openRetailInstall(ctx.settings.secretsKey, ticket, ctx.ports.clock.now());
  if (!install) return null;
  const fromTicket = { system_url: install.systemUrl, api_key: install.apiKey, token: install.token };
  return {
    integration: { ...integration, connectionData: { ...integration.connectionData, ...fromTicket } },
    fromTicket: { ...fromTicket, install: '' },
  };
}

async function connectAccount(ctx: EngineContext, row: Integration): Promise<ConnectorResult> {
  const { settings } = ctx;
  const module = retailModuleOf(settings);
  if (!module) return failure('retailcrm is not configured (no module code and secret)');
  const installed = await withInstall(ctx, row);
  if (!installed) return failure('the install ticket is not ours, was altered or expired');
  const { integration, fromTicket } = installed;
  const account = await retailAccountOf(settings, integration);
  const token = await openConnectionSecret(settings.secretsKey, integration, 'token');
  if (!token || !(await isRetailToken(module.secret, account.apiKey, token))) {
    return failure('the token is not the HMAC of the API key: the link was not made by RetailCRM');
  }
  const registered = await withRetailApi(ctx, integration, async (api) => {
    const site = await siteOf(api);
    if (!site) return null;
    const answer = await api.post(`integration-modules/${encodeURIComponent(module.code)}/edit`, {
      integrationModule: moduleJson(settings, module.code, integration, true),
    });
    return { site, answer };
  });
  if (!registered) return failure('the account has no site to make orders on');
  const { site, answer } = registered;
  const bot = asRecord(asRecord(asRecord(answer.info).mgBot));
  const endpoint = typeof bot.endpointUrl === 'string' ? bot.endpointUrl : '';
  const botToken = typeof bot.token === 'string' ? bot.token : '';
  if (!endpoint || !botToken) return failure('RetailCRM gave no chat bot: are chats (MG) on in the account?');
  const secret = await openConnectionSecret(settings.secretsKey, integration, 'webhook_secret');
  return {
    ok: true,
    integrationAccountId: new URL(account.systemUrl).host,
    connectionData: {
      ...fromTicket,
      system_url: account.systemUrl,
      site: site.code,
      site_name: site.name,
      mg_endpoint: endpoint.replace(/\/+$/, ''),
      mg_token: botToken,
      webhook_secret: secret ?? randomToken(),
    },
  };
}

export const retailConnection: Pick<IntegrationModule, 'connect' | 'disconnect'> = {
  async connect(integration, ctx) {
    try {
      return await connectAccount(ctx, integration);
    } catch (error) {
      if (
        error instanceof RetailError ||
        error instanceof RetailNotConnected ||
        error instanceof SecretUnreadable
      ) {
        return failure(error.message);
      }
      throw error;
    }
  },
  async disconnect(integration, ctx) {
    const module = retailModuleOf(ctx.settings);
    if (!module) return;
    await withRetailApi(ctx, integration, (api) =>
      api.post(`integration-modules/${encodeURIComponent(module.code)}/edit`, {
        integrationModule: moduleJson(ctx.settings, module.code, integration, false),
      }),
    );
  },
};
