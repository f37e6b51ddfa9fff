import { Alert, Anchor, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useBalance } from '../../api/balance';
import { type Subscription, useSubscriptions } from '../../api/subscriptions';
import { formatDate, formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';

/** SPEC §9: a subscription ending within this many days is "expiring". */
export const EXPIRING_DAYS = 14;

const useOnBalancePage = () => useLocation().pathname === PATHS.balance;

interface BillingBannerProps {
  color: 'red' | 'yellow';
  testId: string;
  title: string;
  text: string;
  /** The link to the Balance screen; left out on that screen, where the card is right below. */
  linkLabel: string;
}

/** One billing banner: a title, what happened, and the way to the Balance screen. */
function BillingBanner({ color, testId, title, text, linkLabel }: BillingBannerProps) {
  const onBalancePage = useOnBalancePage();
  return (
    <Alert color={color} variant="light" mb="md" data-testid={testId} title={title}>
      <Text size="sm">
        {text}
        {!onBalancePage && (
          <>
            {' '}
            <Anchor component={Link} to={PATHS.balance} size="sm" fw={500}>
              {linkLabel}
            </Anchor>
          </>
        )}
      </Text>
    </Alert>
  );
}

/** The account's subscriptions as a list (undefined while loading or after an error). */
function useSubscriptionList(): Subscription[] | undefined {
  const { data } = useSubscriptions();
  return Array.isArray(data) ? data : undefined;
}

/**
 * SPEC §4 critical balance: subscriptions, and a balance below the currency minimum. The Balance
 * screen says so in its own balance card, so the banner is not repeated there.
 */
export function CriticalBalanceBanner() {
  const { t, lang } = useT();
  const { data: balance } = useBalance();
  const onBalancePage = useOnBalancePage();
  if (!balance?.critical || onBalancePage) return null;
  const money = (minor: number) => formatMoney(minor, balance.currency, lang);
  return (
    <BillingBanner
      color="red"
      testId="critical-balance-banner"
      title={t('banner.critical_title')}
      text={t('banner.critical_text', {
        total: money(balance.total_minor),
        minimum: money(balance.minimum_minor),
      })}
      linkLabel={t('banner.top_up')}
    />
  );
}

/** The paid subscription that ends soonest within the window and has no renewal yet, if any. */
export function expiringSubscription(list: Subscription[] | undefined): Subscription | null {
  const expiring = (list ?? []).filter(
    (one) =>
      !one.demo &&
      one.status === 'active' &&
      one.expires_in !== null &&
      one.expires_in <= EXPIRING_DAYS &&
      one.renewed_by === null,
  );
  expiring.sort((a, b) => (a.expires_in ?? 0) - (b.expires_in ?? 0));
  return expiring[0] ?? null;
}

/** SPEC §4 expiring subscription: non-demo, ending within 14 days, not renewed. */
export function ExpiringBanner() {
  const { t, lang } = useT();
  const expiring = expiringSubscription(useSubscriptionList());
  if (!expiring?.expires_at) return null;
  return (
    <BillingBanner
      color="yellow"
      testId="expiring-banner"
      title={t('banner.expiring_title')}
      text={t('banner.expiring_text', {
        date: formatDate(expiring.expires_at, lang),
        days: expiring.expires_in ?? 0,
      })}
      linkLabel={t('banner.renew')}
    />
  );
}

/** An ended subscription is mentioned this long after its end, unless it was renewed. */
const EXPIRED_SHOWN_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * The subscription that ended most recently (within 30 days) and was not followed by a paid
 * renewal: what it covered has stopped until it is paid again.
 */
export function expiredSubscription(list: Subscription[] | undefined, now = Date.now()): Subscription | null {
  const all = list ?? [];
  const continued = new Set(
    all
      .filter((one) => one.renewal_of && (one.status === 'active' || one.status === 'in_advance'))
      .map((one) => one.renewal_of),
  );
  const ended = all.filter(
    (one) =>
      !one.demo &&
      one.status === 'expired' &&
      one.expires_at !== null &&
      now - Date.parse(one.expires_at) < EXPIRED_SHOWN_DAYS * DAY_MS &&
      !continued.has(one.id),
  );
  ended.sort((a, b) => Date.parse(b.expires_at ?? '') - Date.parse(a.expires_at ?? ''));
  return ended[0] ?? null;
}

/** When a subscription ends its bots and integrations stop, but nothing configured is lost. */
export function ExpiredBanner() {
  const { t, lang } = useT();
  const expired = expiredSubscription(useSubscriptionList());
  if (!expired?.expires_at) return null;
  return (
    <BillingBanner
      color="red"
      testId="expired-banner"
      title={t('banner.expired_title')}
      text={t('banner.expired_text', { date: formatDate(expired.expires_at, lang) })}
      linkLabel={t('banner.renew')}
    />
  );
}
