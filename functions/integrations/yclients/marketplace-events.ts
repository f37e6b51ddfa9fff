import type { AppSettings } from '../../ports';
import { asRecord } from '../../shared/as-record';
import type { SalonType } from '../../shared/booking';
import { sameSecret } from '../../shared/same-secret';
import { salonPartner } from './account';

/**
 * The marketplace's own webhooks (reference/messengers.md §3.3 step 5): the salon removed our
 * application (`uninstall`) or it was frozen (`freeze`, unpaid). The body names the salon and
 * carries our partner token, which is how it proves itself.
 */
export interface MarketplaceEvent {
  event: 'uninstall' | 'freeze';
  salonId: string;
}

/** The event, 'forged' when the partner token is not ours, or null when it is not one of these. */
export async function readMarketplaceEvent(
  settings: AppSettings,
  type: SalonType,
  body: unknown,
): Promise<MarketplaceEvent | 'forged' | null> {
  const partner = salonPartner(settings, type);
  const fields = asRecord(body);
  const given = typeof fields.partner_token === 'string' ? fields.partner_token : '';
  if (!partner || !given || !sameSecret(given, partner.partnerToken)) return 'forged';
  const event = fields.event ?? fields.event_type;
  const salonId = fields.salon_id === undefined || fields.salon_id === null ? '' : String(fields.salon_id);
  if ((event !== 'uninstall' && event !== 'freeze') || !/^\d{1,12}$/.test(salonId)) return null;
  return { event, salonId };
}
