import { createHmac } from 'node:crypto';
import { type Answer, fail } from './yclients-views';

/**
 * The marketplace side of the fake (reference/messengers.md §3.3; Altegio API reference, tag
 * "Marketplace"). A salon's application goes none → pending (the redirect to our Registration
 * Redirect Url, which opens a one-hour window) → active (our activation callback within the hour)
 * → freezed / uninstalled (the marketplace's webhooks). Partner-only calls for the salon's data are
 * allowed while it is active.
 */

export type SalonState = 'none' | 'pending' | 'active' | 'freezed' | 'uninstalled';

export const ACTIVATION_WINDOW_MS = 60 * 60_000;

interface Install {
  state: SalonState;
  /** When the redirect opened the window; null when none is open. */
  redirectedAt: number | null;
  webhookUrls: string[];
  apiKey: string | null;
}

export interface MarketplaceUser {
  id: number;
  name: string;
  email?: string;
  phone?: string;
}

export function createMarketplace(options: {
  partnerToken: string;
  applicationId: number;
  signMode: 'decoded' | 'raw';
}) {
  const installs = new Map<number, Install>();
  const installOf = (salonId: number): Install => {
    let install = installs.get(salonId);
    if (!install) {
      install = { state: 'none', redirectedAt: null, webhookUrls: [], apiKey: null };
      installs.set(salonId, install);
    }
    return install;
  };

  /** What the marketplace appends to the Registration Redirect Url. */
  function redirect(salonId: number, user: MarketplaceUser, salonName: string | undefined, now: number) {
    const install = installOf(salonId);
    if (install.state !== 'active') install.state = 'pending';
    install.redirectedAt = now;
    const json = JSON.stringify({
      id: user.id,
      name: user.name,
      email: user.email ?? '',
      phone: user.phone ?? '',
      ...(salonName === undefined ? {} : { salon_name: salonName }),
    });
    const userData = Buffer.from(json, 'utf8').toString('base64');
    const signed = options.signMode === 'decoded' ? json : userData;
    return {
      salon_id: String(salonId),
      user_data: userData,
      user_data_sign: createHmac('sha256', options.partnerToken).update(signed).digest('hex'),
    };
  }

  /** `POST /marketplace/partner/callback[/redirect]` with `Authorization: Bearer <partner>`. */
  function activate(authorization: string | undefined, body: unknown, now: number, created: boolean): Answer {
    if (authorization?.trim() !== `Bearer ${options.partnerToken}`)
      return fail(401, 'Authentication needed.');
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const salonId = Number(fields.salon_id);
    const applicationId = Number(fields.application_id);
    const urls = fields.webhook_urls ?? [];
    const urlsOk =
      Array.isArray(urls) && urls.every((url) => typeof url === 'string' && /^https?:\/\//.test(url));
    if (!Number.isInteger(salonId) || salonId <= 0 || !Number.isInteger(applicationId) || !urlsOk)
      return fail(422, 'Invalid parameters given');
    if (applicationId !== options.applicationId) return fail(403, 'No application access');
    const install = installs.get(salonId);
    if (!install || (install.state !== 'active' && install.redirectedAt === null))
      return fail(404, "Application isn't installed");
    if (install.state !== 'active' && now - (install.redirectedAt ?? 0) > ACTIVATION_WINDOW_MS)
      return fail(422, 'Activation time has expired');
    install.state = 'active';
    install.webhookUrls = urls as string[];
    install.apiKey =
      typeof fields.api_key === 'string' || typeof fields.api_key === 'number'
        ? String(fields.api_key)
        : null;
    return { status: created ? 201 : 200, body: { success: true } };
  }

  /** The marketplace's own webhook: {salon_id, application_id, event, partner_token}. */
  async function sendEvent(
    url: string,
    event: 'uninstall' | 'freeze',
    salonId: number,
    partnerToken?: string,
  ) {
    const token = partnerToken ?? options.partnerToken;
    if (token === options.partnerToken) {
      const install = installOf(salonId);
      install.state = event === 'uninstall' ? 'uninstalled' : 'freezed';
      install.redirectedAt = null;
    }
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        salon_id: salonId,
        application_id: options.applicationId,
        event,
        partner_token: token,
      }),
    });
  }

  return {
    redirect,
    activate,
    sendEvent,
    state: (salonId: number): SalonState => installs.get(salonId)?.state ?? 'none',
    webhookUrls: (salonId: number): string[] => [...(installs.get(salonId)?.webhookUrls ?? [])],
  };
}
