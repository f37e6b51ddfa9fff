import { and, eq, sql } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import type { AppSettings } from '../../ports';
import type { ServiceContext } from '../../services/context';
import { AppError } from '../../shared/app-error';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import { randomToken } from '../../shared/same-secret';
import { openConnectionSecret, sealConnectionData } from '../connection-secrets';
import { accountAddressAllowed } from '../module';

/**
 * What an API channel keeps: the callback URL the owner set, the signing secret the server made
 * (sealed, never answered by the integration's API) and when that secret was shown.
 */

export const SECRET_FIELD = 'signing_secret';
export const SHOWN_FIELD = 'secret_shown_at';

/** The secret deliveries are signed with both ways; null before connecting. Throws SecretUnreadable. */
export const signingSecretOf = (settings: AppSettings, integration: Integration) =>
  openConnectionSecret(settings.secretsKey, integration, SECRET_FIELD);

/** The callback URL as saved; null when unset. */
export function callbackUrlOf(integration: Pick<Integration, 'connectionData'>): string | null {
  const url = integration.connectionData.callback_url;
  return typeof url === 'string' && url.trim() !== '' ? url.trim() : null;
}

/** Whether the installation may call `url` (https, not a private address, unless it allows them). */
export const callbackAllowed = (settings: AppSettings, url: string) =>
  accountAddressAllowed(settings, 'api_channel', url);

/** A new secret, sealed for connection_data. */
export async function sealedNewSecret(settings: AppSettings) {
  const secret = randomToken();
  const sealed = await sealConnectionData(settings.secretsKey, 'api_channel', { [SECRET_FIELD]: secret });
  return { secret, sealed: sealed[SECRET_FIELD] };
}

const connected = sql`${integrations.connectionData} ? ${CONNECTED_AT}`;

/**
 * The secret made on connecting, the first time it is asked for: marking it shown and reading it is
 * one statement, so two pages opened at once cannot both get it. Null once it has been shown.
 */
export async function revealSecret(integration: Integration, ctx: ServiceContext): Promise<string | null> {
  const shown = JSON.stringify({ [SHOWN_FIELD]: ctx.ports.clock.now().toISOString() });
  const [row] = await ctx.ports.db
    .update(integrations)
    .set({ connectionData: sql`${integrations.connectionData} || ${shown}::jsonb` })
    .where(
      and(
        eq(integrations.id, integration.id),
        connected,
        sql`not (${integrations.connectionData} ? ${SHOWN_FIELD})`,
      ),
    )
    .returning();
  if (!row) {
    if (!(integration.connectionData[CONNECTED_AT] as string | undefined)) {
      throw new AppError('integration_not_connected');
    }
    return null;
  }
  return signingSecretOf(ctx.settings, row);
}

/** A new secret in place of the old one, shown this once; the old one stops verifying at once. */
export async function rotateSecret(integration: Integration, ctx: ServiceContext): Promise<string> {
  const { secret, sealed } = await sealedNewSecret(ctx.settings);
  const changes = JSON.stringify({
    [SECRET_FIELD]: sealed,
    [SHOWN_FIELD]: ctx.ports.clock.now().toISOString(),
  });
  const [row] = await ctx.ports.db
    .update(integrations)
    .set({ connectionData: sql`${integrations.connectionData} || ${changes}::jsonb` })
    .where(and(eq(integrations.id, integration.id), connected))
    .returning({ id: integrations.id });
  if (!row) throw new AppError('integration_not_connected');
  return secret;
}
