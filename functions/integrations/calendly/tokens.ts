import { and, eq, sql } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { forgottenConnectionData } from '../../services/integrations/integration-view';
import { accessTokenOf, NotConnected, type TokenRefresher } from '../oauth-tokens';
import { CalendlyOAuthError, refreshCalendlyTokens } from './oauth';

/**
 * The OAuth access token of a Calendly integration connected on the consent page (oauth.ts): one
 * about to end (2 hours) or refused with a 401 is refreshed under the row's lock, and the rotated
 * pair stored in the same transaction, so two requests refreshing at once never lose it. Calendly
 * refusing the refresh token (revoked by the user, spent) lets go of the connection: the
 * integration shows as not connected until the owner connects again.
 */

/** Calendly refused the refresh token of the row whose pair ended at `expiresAt`. */
class GrantRefused extends NotConnected {
  constructor(
    reason: string,
    readonly expiresAt: unknown,
  ) {
    super(reason);
  }
}

const calendlyRefresher: TokenRefresher = {
  async refresh(ctx, row, refreshToken) {
    try {
      return await refreshCalendlyTokens(ctx.settings, ctx.ports.clock.now(), refreshToken);
    } catch (error) {
      if (error instanceof CalendlyOAuthError && error.refused) {
        throw new GrantRefused(
          `the refresh token was refused: ${error.message}`,
          row.connectionData.token_expires_at,
        );
      }
      throw error;
    }
  },
};

/** Drops the dead pair and the connection, unless the owner connected again meanwhile. */
async function letGoOfRefusedGrant(ctx: EngineContext, integration: Integration, refused: GrantRefused) {
  const [row] = await ctx.ports.db.select().from(integrations).where(eq(integrations.id, integration.id));
  if (!row || row.connectionData.token_expires_at !== refused.expiresAt) return;
  await ctx.ports.db
    .update(integrations)
    .set({
      connectionData: await forgottenConnectionData(ctx.settings.secretsKey, row),
      integrationAccountId: null,
    })
    .where(
      and(
        eq(integrations.id, row.id),
        sql`${integrations.connectionData}->>'token_expires_at' = ${String(refused.expiresAt)}`,
      ),
    );
  console.warn(
    `integration ${row.id} (calendly): ${refused.message}; not connected until the owner connects again`,
  );
}

/**
 * The row's access token, refreshed first when it is about to end or when `force` (Calendly refused
 * it); answers the row as it is afterwards, for the next refresh. Throws NotConnected.
 */
export async function calendlyAccessToken(ctx: EngineContext, integration: Integration, force = false) {
  try {
    return await accessTokenOf(ctx, integration, calendlyRefresher, force);
  } catch (error) {
    if (error instanceof GrantRefused) await letGoOfRefusedGrant(ctx, integration, error);
    throw error;
  }
}
