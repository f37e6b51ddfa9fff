import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../web/src/api/subscriptions';
import { expiredSubscription, expiringSubscription } from '../../web/src/components/layout/BillingBanners';

const DAY = 86_400_000;
const now = Date.parse('2026-11-23T12:00:00Z');

const subscription = (overrides: Partial<Subscription>): Subscription =>
  ({
    id: 's1',
    demo: 0,
    status: 'active',
    items: [],
    term: { id: '1m', unit: 'month', count: 1 },
    price_minor: 99_000,
    currency: 'rub',
    starts_at: new Date(now - 20 * DAY).toISOString(),
    expires_at: new Date(now + 10 * DAY).toISOString(),
    expires_in: 10,
    auto_renewal: true,
    renewal_of: null,
    renewed_by: null,
    settings: { next_items: null },
    created_at: new Date(now - 20 * DAY).toISOString(),
    ...overrides,
  }) as Subscription;

describe('billing banners', () => {
  it('an ending subscription warns within 14 days until it is renewed', () => {
    expect(expiringSubscription([subscription({})])?.id).toBe('s1');
    expect(expiringSubscription([subscription({ expires_in: 20 })])).toBeNull();
    expect(expiringSubscription([subscription({ renewed_by: 's2' })])).toBeNull();
    expect(expiringSubscription([subscription({ demo: 1 })])).toBeNull();
  });

  it('an ended subscription is reported until a paid renewal continues it, for 30 days', () => {
    const ended = subscription({
      status: 'expired',
      expires_at: new Date(now - 2 * DAY).toISOString(),
      expires_in: 0,
    });
    expect(expiredSubscription([ended], now)?.id).toBe('s1');
    const unpaidRenewal = subscription({ id: 's2', status: 'inactive', renewal_of: 's1', expires_at: null });
    expect(expiredSubscription([ended, unpaidRenewal], now)?.id).toBe('s1');
    const paidRenewal = subscription({ id: 's2', status: 'active', renewal_of: 's1' });
    expect(expiredSubscription([ended, paidRenewal], now)).toBeNull();
    expect(expiredSubscription([ended], now + 40 * DAY)).toBeNull();
  });
});
