import type { Purse } from '../../../db/schema';
import type { AppSettings } from '../../ports';
import type { PaymentProviderName } from '../../ports/payments';

/** Where a provider posts its notifications: one public route per provider. */
export const notificationUrl = (settings: AppSettings, provider: PaymentProviderName) =>
  `${settings.publicUrl}/api/payment/notify/${provider}`;

/**
 * Where the payer's browser comes back, told how it went: the Balance screen, or the partner
 * cabinet's balance tab for a top-up of the partner balance.
 */
export const returnUrl = (
  settings: AppSettings,
  outcome: 'success' | 'fail',
  transactionId: string,
  purse: Purse = 'account',
) =>
  purse === 'partner'
    ? `${settings.publicUrl}/partner?tab=balance&payment=${outcome}&transaction=${transactionId}`
    : `${settings.publicUrl}/balance?payment=${outcome}&transaction=${transactionId}`;
