import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { accounts, eventWebhookEndpoints } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import type { Ports } from '../../ports';
import { EVENT_WEBHOOK_SWITCH_OFF_MS } from '../../shared/event-webhooks';
import { safeErrorText } from '../../shared/safe-error';

/**
 * Switches the endpoint off when its deliveries have failed for a day (failing_since a day old) and
 * e-mails the owner. The conditional update is the "once": only the run that switched it off writes
 * the e-mail; saving it enabled again starts afresh.
 */
export async function switchOffIfFailingLong(
  ports: Pick<Ports, 'db' | 'mail' | 'clock'>,
  endpointId: string,
): Promise<boolean> {
  const now = ports.clock.now();
  const [off] = await ports.db
    .update(eventWebhookEndpoints)
    .set({ enabled: false, disabledAt: now })
    .where(
      and(
        eq(eventWebhookEndpoints.id, endpointId),
        eq(eventWebhookEndpoints.enabled, true),
        isNotNull(eventWebhookEndpoints.failingSince),
        lte(eventWebhookEndpoints.failingSince, new Date(now.getTime() - EVENT_WEBHOOK_SWITCH_OFF_MS)),
      ),
    )
    .returning({ url: eventWebhookEndpoints.url, accountId: eventWebhookEndpoints.accountId });
  if (!off) return false;
  const [account] = await ports.db
    .select({ name: accounts.name, email: accounts.email, lang: accounts.lang })
    .from(accounts)
    .where(eq(accounts.id, off.accountId));
  if (!account) return true;
  const params = { owner: account.name, url: off.url };
  try {
    await ports.mail.send({
      to: account.email,
      subject: translate('mail_event_webhook_disabled_subject', account.lang, params),
      text: translate('mail_event_webhook_disabled_text', account.lang, params),
    });
  } catch (error) {
    // The endpoint stays off either way; the profile page shows it switched off.
    console.error(`event webhook ${endpointId}: the switch-off e-mail failed`, safeErrorText(error));
  }
  return true;
}
