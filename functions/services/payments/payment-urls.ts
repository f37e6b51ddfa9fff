import type { AppSettings } from '../../ports';
import type { PaymentProviderName } from '../../ports/payments';

/** Where a provider posts its notifications: one public route per provider. */
export const notificationUrl = (settings: AppSettings, provider: PaymentProviderName) =>
  `${settings.publicUrl}/api/payment/notify/${provider}`;

/** Where the payer's browser comes back: the Balance screen, told how it went. */
export const returnUrl = (settings: AppSettings, outcome: 'success' | 'fail', transactionId: string) =>
  `${settings.publicUrl}/balance?payment=${outcome}&transaction=${transactionId}`;
