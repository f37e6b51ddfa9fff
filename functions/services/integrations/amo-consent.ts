import { integrations } from '../../../db/schema';
import { amoOAuthClient } from '../../integrations/amocrm/account';
import { issueAmoState, takeAmoState } from '../../integrations/amocrm/consent';
import { openAmoInstall, readAmoRedirect, sealAmoInstall } from '../../integrations/amocrm/install';
import { sealConnectionData } from '../../integrations/connection-secrets';
import { moduleFor } from '../../integrations/registry';
import { type AmoType, amoTypeOfRedirect, isAmoType } from '../../shared/amocrm';
import { AppError, notFound } from '../../shared/app-error';
import { describeIntegration } from '../../shared/integration-catalogue';
import type { AccountContext, ServiceContext } from '../context';
import { connectIntegration } from './connect-integration';
import { integrationNotFound, ownIntegration, ownIntegrationWhere } from './own-integration';

/**
 * amoCRM / Kommo's consent, started and finished here (reference/crm.md §1.2):
 * - POST /api/integrations/{id}/consent: the consent page's address with a fresh single-use state
 *   bound to the account and the integration;
 * - POST /api/webhooks/amo/install: the return to /amo/install, handed over by the browser at once,
 *   sealed into a ticket (no session: the owner may sign in first);
 * - POST /api/integrations/amo/finish: a signed-in owner finishes a ticket that came back with the
 *   state their account was issued; anything else (another account's, spent, unknown) finishes
 *   nothing. A ticket without a state (amoCRM's market) is confirmed on screen instead and comes in
 *   as a new integration's `install`.
 */

const installInvalid = () => new AppError('integration_connect_failed', 'integration_install_invalid');

export async function startAmoConsent(ctx: AccountContext, id: string): Promise<{ url: string }> {
  const row = await ownIntegration(ctx, id);
  const authorize = moduleFor(row.type)?.authorizeUrl;
  if (!authorize || !isAmoType(row.type)) throw new AppError('integration_not_available');
  if (!amoOAuthClient(ctx.settings, row.type)) {
    throw new AppError('integration_not_configured', 'integration_not_configured', {
      params: { name: describeIntegration(row.type).label },
    });
  }
  const state = await issueAmoState(ctx.ports.kv, {
    accountId: ctx.account.id,
    integrationId: row.id,
    type: row.type,
  });
  const url = authorize(ctx.settings, row, state);
  if (!url) throw new AppError('integration_not_available');
  return { url };
}

export interface AmoInstallAnswer {
  type: AmoType;
  /** The account's domain, as the confirmation names it. */
  account: string;
  ticket: string;
  /** It came back with a state: a consent started here, finished without a confirmation. */
  consent: boolean;
}

export async function receiveAmoInstall(
  ctx: ServiceContext,
  body: Record<string, unknown>,
): Promise<AmoInstallAnswer> {
  const referer = typeof body.referer === 'string' ? body.referer : '';
  const platform = typeof body.platform === 'string' ? body.platform : null;
  const install = readAmoRedirect({ ...body, type: amoTypeOfRedirect(referer, platform) });
  if (!install) throw new AppError('bad_request', 'amo_install_refused');
  const ticket = await sealAmoInstall(ctx.settings.secretsKey, install, ctx.ports.clock.now());
  return { type: install.type, account: install.referer, ticket, consent: install.state !== '' };
}

export async function finishAmoConsent(ctx: AccountContext, ticket: unknown) {
  const install = await openAmoInstall(ctx.settings.secretsKey, ticket, ctx.ports.clock.now());
  if (!install?.state) throw installInvalid();
  const consent = await takeAmoState(ctx.ports.kv, install.state, ctx.account.id);
  if (consent === 'foreign') throw notFound('integration_install_invalid');
  if (consent === 'unknown' || consent.type !== install.type) throw installInvalid();
  const row = await ownIntegration(ctx, consent.integrationId);
  const [saved] = await ctx.ports.db
    .update(integrations)
    .set({
      connectionData: await sealConnectionData(ctx.settings.secretsKey, row.type, {
        ...row.connectionData,
        code: install.code,
        referer: install.referer,
      }),
    })
    .where(ownIntegrationWhere(ctx, row.id))
    .returning();
  if (!saved) throw integrationNotFound();
  return connectIntegration(ctx, saved.id);
}
