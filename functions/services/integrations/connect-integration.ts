import { integrations } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import { sealConnectionData } from '../../integrations/connection-secrets';
import type { ConnectorResult } from '../../integrations/module';
import { moduleFor } from '../../integrations/registry';
import { AppError } from '../../shared/app-error';
import { safeErrorText } from '../../shared/safe-error';
import { needsPlace } from '../billing/subscription-suggestion';
import type { AccountContext } from '../context';
import { CONNECTED_AT, type IntegrationView, integrationPageView, isConnected } from './integration-view';
import { integrationNotFound, ownIntegration, ownIntegrationWhere } from './own-integration';

/**
 * POST /api/integrations/connect/{id}: runs the type's connector; success marks the integration
 * connected. Types without a connector, and failed checks, answer 422 with the SPEC §8 text.
 */
export async function connectIntegration(
  ctx: AccountContext,
  id: string,
): Promise<IntegrationView & { message: string }> {
  const row = await ownIntegration(ctx, id);
  const connector = moduleFor(row.type);
  if (!connector) throw new AppError('integration_not_available');
  if (!isConnected(row)) {
    const { db, clock } = ctx.ports;
    const place = await needsPlace(db, ctx.account, row.type, clock.now(), row.id, ctx.lang);
    if (place) throw place;
  }
  // A system that cannot be reached (refused address, network, timeout) is a failed connection, not a 500.
  const result = await connector.connect(row, ctx).catch((error: unknown): ConnectorResult => {
    if (error instanceof AppError) throw error;
    return { ok: false, reason: safeErrorText(error) };
  });
  if (!result.ok) {
    console.warn(`integration ${row.id} (${row.type}): connecting failed: ${result.reason}`);
    throw new AppError('integration_connect_failed');
  }
  const [saved] = await ctx.ports.db
    .update(integrations)
    .set({
      integrationAccountId:
        result.integrationAccountId === undefined ? row.integrationAccountId : result.integrationAccountId,
      connectionData: await sealConnectionData(ctx.settings.secretsKey, row.type, {
        ...row.connectionData,
        ...result.connectionData,
        [CONNECTED_AT]: ctx.ports.clock.now().toISOString(),
      }),
    })
    .where(ownIntegrationWhere(ctx, id))
    .returning();
  if (!saved) throw integrationNotFound();
  return {
    ...integrationPageView(ctx.settings, saved),
    message: translate('integration_connected', ctx.lang),
  };
}
