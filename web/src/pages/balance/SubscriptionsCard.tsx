import { Anchor, Button, Collapse, EmptyState, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type Balance, useRefreshBilling } from '../../api/balance';
import {
  buySubscription,
  deleteSubscription,
  type Shortfall,
  type Subscription,
  type SubscriptionItem,
  shortfallOf,
  updateSubscription,
  useSubscriptions,
  useTariffs,
} from '../../api/subscriptions';
import { LoadFailed } from '../../components/Alerts';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { notifyError, notifySuccess } from '../../components/notify';
import { type MessageId, t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { BalanceSection } from './BalanceSection';
import { DemoCard } from './DemoCard';
import { NextItemsModal } from './NextItemsModal';
import { ShortfallAlert } from './ShortfallAlert';
import { BUILDER_ID } from './SubscriptionBuilder';
import { type SubscriptionAction, SubscriptionCard } from './SubscriptionCard';

const ORDER = { active: 1, in_advance: 2, inactive: 3, expired: 4 } as const;
const rank = (subscription: Subscription) => (subscription.demo ? 0 : ORDER[subscription.status]);

/**
 * The subscriptions (SPEC §2): the demo and the running, waiting and unpaid ones first, the expired
 * ones folded below; renewing, paying, deleting, auto-renewal and the next period's counts.
 */
export function SubscriptionsCard({ balance }: { balance: Balance }) {
  const { t } = useT();
  const refresh = useRefreshBilling();
  const { data: subscriptions, error, mutate } = useSubscriptions();
  const { data: tariffs } = useTariffs(balance.currency);
  const [busy, setBusy] = useState<{ id: string; action: SubscriptionAction } | null>(null);
  const [shortfall, setShortfall] = useState<Shortfall | null>(null);
  const [deleting, setDeleting] = useState<Subscription | null>(null);
  const [editing, setEditing] = useState<Subscription | null>(null);
  const [showExpired, setShowExpired] = useState(false);

  const run = async (
    subscription: Subscription,
    action: SubscriptionAction,
    work: () => Promise<unknown>,
    done?: MessageId,
  ) => {
    setBusy({ id: subscription.id, action });
    setShortfall(null);
    try {
      await work();
      if (done) notifySuccess(translate(done));
      return true;
    } catch (failed) {
      const missing = shortfallOf(failed);
      if (missing) setShortfall(missing);
      else notifyError(failed);
      return false;
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  const act = (subscription: Subscription, action: SubscriptionAction, value?: boolean) => {
    if (action === 'delete') setDeleting(subscription);
    else if (action === 'edit_next') setEditing(subscription);
    else if (action === 'renew')
      void run(
        subscription,
        action,
        () => buySubscription({ renew: subscription.id }),
        'balance.subs.renewed',
      );
    else if (action === 'pay')
      void run(subscription, action, () => buySubscription({ id: subscription.id }), 'balance.subs.paid');
    else
      void run(
        subscription,
        action,
        () => updateSubscription(subscription.id, { auto_renewal: Boolean(value) }),
        value ? 'balance.subs.auto_renewal_on' : 'balance.subs.auto_renewal_off',
      );
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const ok = await run(deleting, 'delete', () => deleteSubscription(deleting.id), 'balance.subs.deleted');
    if (ok) setDeleting(null);
  };

  const saveNext = async (items: SubscriptionItem[]) => {
    if (!editing) return;
    await updateSubscription(editing.id, { next_items: items });
    setEditing(null);
    notifySuccess(translate('balance.next.saved'));
    void refresh();
  };

  let body: ReactNode;
  if (!subscriptions) {
    body = error ? (
      <LoadFailed title={t('balance.subs.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      <PageLoader />
    );
  } else {
    // The demo and the running ones first, then those paid ahead, then those waiting for money.
    const current = subscriptions.filter((one) => one.status !== 'expired').sort((a, b) => rank(a) - rank(b));
    const expired = subscriptions.filter((one) => one.status === 'expired');
    const card = (subscription: Subscription) =>
      subscription.demo ? (
        <DemoCard key={subscription.id} demo={subscription} />
      ) : (
        <SubscriptionCard
          key={subscription.id}
          subscription={subscription}
          busy={busy?.id === subscription.id ? busy.action : null}
          onAction={(action, value) => act(subscription, action, value)}
          notice={
            shortfall?.subscription_id === subscription.id && (
              <ShortfallAlert
                shortfall={shortfall}
                paymentsConfigured={balance.payments_configured}
                onClose={() => setShortfall(null)}
              />
            )
          }
        />
      );
    body = (
      <Stack gap="sm">
        {/* Said in the card of the unpaid subscription; above the list until that card is there. */}
        {shortfall && !subscriptions.some((one) => one.id === shortfall.subscription_id) && (
          <ShortfallAlert
            shortfall={shortfall}
            paymentsConfigured={balance.payments_configured}
            onClose={() => setShortfall(null)}
          />
        )}
        {current.length === 0 && (
          <EmptyState size="sm" data-testid="subscriptions-empty">
            <EmptyState.Title order={4}>{t('balance.subs.empty_title')}</EmptyState.Title>
            <EmptyState.Description>
              {t('balance.subs.empty_text')}{' '}
              <Anchor href={`#${BUILDER_ID}`} size="sm">
                {t('balance.subs.to_builder')}
              </Anchor>
            </EmptyState.Description>
          </EmptyState>
        )}
        {current.map(card)}
        {expired.length > 0 && (
          <>
            <div>
              <Button variant="subtle" size="xs" onClick={() => setShowExpired((shown) => !shown)}>
                {t(showExpired ? 'balance.subs.hide_expired' : 'balance.subs.show_expired', {
                  count: expired.length,
                })}
              </Button>
            </div>
            <Collapse expanded={showExpired}>
              <Stack gap="sm">{expired.map(card)}</Stack>
            </Collapse>
          </>
        )}
      </Stack>
    );
  }

  return (
    <BalanceSection title={t('balance.subs.title')} testId="subscriptions">
      {body}
      <ConfirmModal
        opened={deleting !== null}
        title={t('balance.subs.delete_title')}
        confirmLabel={t('common.delete')}
        loading={busy?.action === 'delete'}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t(
          deleting?.status === 'expired'
            ? 'balance.subs.delete_expired_text'
            : 'balance.subs.delete_unpaid_text',
        )}
      </ConfirmModal>
      <NextItemsModal
        subscription={editing}
        kinds={tariffs?.tariffs.map((tariff) => tariff.kind) ?? []}
        currency={balance.currency}
        onSave={saveNext}
        onClose={() => setEditing(null)}
      />
    </BalanceSection>
  );
}
