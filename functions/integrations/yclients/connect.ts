import { and, eq, ne, sql } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { SecretUnreadable } from '../../secrets/secret-box';
import type { SalonBranch, SalonType } from '../../shared/booking';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import { randomToken } from '../../shared/same-secret';
import { openConnectionSecret } from '../connection-secrets';
import type { ConnectorResult, IntegrationModule } from '../module';
import { type SalonPartner, salonClient, salonPartner } from './account';
import { SalonError } from './client';
import { salonHookUrl } from './record-hooks';
import { userDataSigned, userOfUserData } from './signature';

/**
 * Connecting a salon (reference/messengers.md §3.3): from the marketplace, the signed `user_data`
 * proves the salon installed our application; the activation callback (within the hour of the
 * click, or the marketplace forgets it) registers the record webhooks, and the partner token then
 * reads that salon. By login, a YCLIENTS user's login and password give a user token, and the
 * branches are that user's salons. Either way the branches learned are the only ones the bot uses.
 */

const failure = (reason: string): ConnectorResult => ({ ok: false, reason });

interface Company {
  id: number | string;
  title?: string;
  address?: string;
  timezone?: number | string;
  timezone_name?: string;
}

/** An IANA zone for a company: its name, else its UTC offset in hours. */
function zoneOf(company: Company): string {
  if (typeof company.timezone_name === 'string' && company.timezone_name) return company.timezone_name;
  const hours = Number(company.timezone);
  if (Number.isInteger(hours) && hours !== 0) return `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
  return Number.isInteger(hours) ? 'UTC' : 'Europe/Moscow';
}

export const branchOf = (company: Company): SalonBranch => ({
  id: String(company.id),
  title: company.title?.trim() || `#${company.id}`,
  address: company.address?.trim() ?? '',
  time_zone: zoneOf(company),
});

/** Whether another account has this salon connected already (a replayed marketplace link). */
async function salonTakenElsewhere(ctx: EngineContext, integration: Integration, salonId: string) {
  const [other] = await ctx.ports.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(
      and(
        eq(integrations.type, integration.type),
        ne(integrations.accountId, integration.accountId),
        sql`${integrations.connectionData} ? ${CONNECTED_AT}`,
        sql`${integrations.connectionData}->'salon_ids' ? ${salonId}`,
      ),
    )
    .limit(1);
  return other !== undefined;
}

async function connectFromMarketplace(
  ctx: EngineContext,
  integration: Integration,
  partner: SalonPartner,
  fields: { salonId: string; userData: string; sign: string },
): Promise<ConnectorResult> {
  const type = integration.type as SalonType;
  if (!/^\d{1,12}$/.test(fields.salonId)) return failure('salon_id is not a number');
  if (!userDataSigned(fields.userData, fields.sign, partner.partnerToken))
    return failure('user_data_sign does not match user_data');
  if (await salonTakenElsewhere(ctx, integration, fields.salonId))
    return failure(`salon ${fields.salonId} is connected in another account`);
  const secret =
    (await openConnectionSecret(ctx.settings.secretsKey, integration, 'webhook_secret')) ?? randomToken();
  await salonClient(ctx.settings, type, partner, null, 'marketplace').postAt(
    '/marketplace/partner/callback/redirect',
    {
      salon_id: Number(fields.salonId),
      application_id: Number(partner.applicationId),
      api_key: integration.id,
      webhook_urls: [salonHookUrl(ctx.settings, integration, secret)],
    },
  );
  const company = (await salonClient(ctx.settings, type, partner, null).get(
    `/company/${fields.salonId}`,
  )) as Company;
  const branch = branchOf({ ...company, id: fields.salonId });
  return {
    ok: true,
    // The salon as its owner knows it (the page's title); the verified id is `salon_ids`.
    integrationAccountId: branch.title,
    connectionData: {
      via: 'marketplace',
      salon_ids: [fields.salonId],
      salon_name: branch.title,
      branches: [branch],
      user_name: userOfUserData(fields.userData).name,
      webhook_secret: secret,
    },
  };
}

async function connectByLogin(
  ctx: EngineContext,
  integration: Integration,
  partner: SalonPartner,
  login: string,
  password: string,
): Promise<ConnectorResult> {
  const type = integration.type as SalonType;
  const auth = (await salonClient(ctx.settings, type, partner, null).post('/auth', { login, password })) as {
    user_token?: unknown;
    name?: unknown;
  } | null;
  const userToken = typeof auth?.user_token === 'string' ? auth.user_token : '';
  if (!userToken) return failure('YCLIENTS answered no user token');
  const companies = await salonClient(ctx.settings, type, partner, userToken).get('/companies', { my: 1 });
  const branches = (Array.isArray(companies) ? (companies as Company[]) : []).map(branchOf);
  if (branches.length === 0) return failure('the user has no salons');
  return {
    ok: true,
    integrationAccountId: login,
    connectionData: {
      via: 'login',
      salon_ids: branches.map((branch) => branch.id),
      salon_name: branches[0]?.title ?? null,
      branches,
      user_name: typeof auth?.name === 'string' ? auth.name : null,
      user_token: userToken,
    },
  };
}

export const salonConnection: Pick<IntegrationModule, 'connect'> = {
  async connect(integration, ctx) {
    const type = integration.type as SalonType;
    const partner = salonPartner(ctx.settings, type);
    if (!partner) return failure(`${type} is not configured on this server`);
    try {
      const open = (field: string) => openConnectionSecret(ctx.settings.secretsKey, integration, field);
      const [salonId, userData, sign, login, password] = await Promise.all(
        ['salon_id', 'user_data', 'user_data_sign', 'login', 'password'].map(open),
      );
      if (salonId && userData && sign)
        return await connectFromMarketplace(ctx, integration, partner, { salonId, userData, sign });
      if (login && password) return await connectByLogin(ctx, integration, partner, login, password);
      return failure('neither a marketplace confirmation nor a login and password');
    } catch (error) {
      if (error instanceof SalonError || error instanceof SecretUnreadable) return failure(error.message);
      throw error;
    }
  },
};
