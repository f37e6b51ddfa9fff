import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import type { AppSettings } from '../../ports';
import type { SalonBranch, SalonType } from '../../shared/booking';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor, fetchFor } from '../module';
import { createSalonClient, type SalonClient } from './client';

/**
 * What differs between YCLIENTS and Altegio (reference/messengers.md §3.1, §3.3): the hosts and the
 * vendor `Accept`. A configured API root (a proxy, a test's fake) serves the marketplace too.
 */
const FLAVOURS: Record<SalonType, { api: string; marketplace: string; accept: string }> = {
  yclients: {
    api: 'https://api.yclients.com',
    marketplace: 'https://api.yclients.com',
    accept: 'application/vnd.yclients.v2+json',
  },
  altegio: {
    api: 'https://api.alteg.io',
    marketplace: 'https://app.alteg.io',
    accept: 'application/vnd.api.v2+json',
  },
};

/** The product's application in the marketplace (YCLIENTS_APPLICATION_ID, YCLIENTS_PARTNER_TOKEN …). */
export interface SalonPartner {
  applicationId: string;
  partnerToken: string;
}

/** The partner's application, or null while the server is not configured for the type. */
export function salonPartner(settings: AppSettings, type: SalonType): SalonPartner | null {
  const client = settings.oauthClients?.[type];
  return client ? { applicationId: client.id, partnerToken: client.secret } : null;
}

/** The salon's data is not reachable: the server or the connection lacks what it needs. */
export class SalonNotConnected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SalonNotConnected';
  }
}

/** The API as the partner, with the user token when there is one. */
export function salonClient(
  settings: AppSettings,
  type: SalonType,
  partner: SalonPartner,
  userToken: string | null,
  root: 'api' | 'marketplace' = 'api',
): SalonClient {
  return createSalonClient({
    root: apiRootFor(settings, type, FLAVOURS[type][root]),
    accept: FLAVOURS[type].accept,
    partnerToken: partner.partnerToken,
    userToken,
    throttleKey: `${type}:calls`,
    fetch: fetchFor(settings, type),
  });
}

/** The API of a connected salon: as its user for a login connection, as the partner for a marketplace one. */
export async function connectedSalonClient(
  ctx: EngineContext,
  integration: Integration,
): Promise<SalonClient> {
  const type = integration.type as SalonType;
  const partner = salonPartner(ctx.settings, type);
  if (!partner) throw new SalonNotConnected(`${type} is not configured on this server`);
  const userToken =
    integration.connectionData.via === 'login'
      ? await openConnectionSecret(ctx.settings.secretsKey, integration, 'user_token')
      : null;
  if (integration.connectionData.via === 'login' && !userToken) throw new SalonNotConnected('no user token');
  return salonClient(ctx.settings, type, partner, userToken);
}

/** The branches connecting learned (the verified salons only). */
export function learnedBranches(integration: Integration): SalonBranch[] {
  const branches = integration.connectionData.branches;
  return Array.isArray(branches) ? (branches as SalonBranch[]) : [];
}
