import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type Balance, useRefreshBilling } from '../../api/balance';
import {
  buySubscription,
  type Shortfall,
  type SubscriptionItem,
  type SubscriptionKind,
  shortfallOf,
  type TermId,
  useTariffs,
} from '../../api/subscriptions';
import { ServerError } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { notifySuccess } from '../../components/notify';
import { formatMoney } from '../../i18n/format';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { BalanceSection } from './BalanceSection';
import { ItemsEditor } from './ItemsEditor';
import { QuoteSummary } from './QuoteSummary';
import { ShortfallAlert } from './ShortfallAlert';
import { TermControl } from './TermControl';
import { useQuote } from './use-quote';

export const BUILDER_ID = 'subscription-builder';
const DEFAULT_TERM: TermId = '1m';

/**
 * The subscription constructor (SPEC §2): kinds and counts, a term with its discount, the live
 * price, and buying from the balance. `?subscribe=<kind>` (the subscription suggestion) adds one
 * of that kind and scrolls here.
 */
export function SubscriptionBuilder({ balance }: { balance: Balance }) {
  const { t, lang } = useT();
  const refresh = useRefreshBilling();
  const { data: tariffs } = useTariffs(balance.currency);
  const [items, setItems] = useState<SubscriptionItem[]>([]);
  const [term, setTerm] = useState<TermId>(DEFAULT_TERM);
  const [busy, setBusy] = useState(false);
  const [shortfall, setShortfall] = useState<Shortfall | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const { quote, error, loading } = useQuote(items, term, balance.total_minor);
  const section = useRef<HTMLDivElement>(null);
  const [params, setParams] = useSearchParams();
  const wanted = params.get('subscribe');

  useEffect(() => {
    if (!wanted || !tariffs) return;
    const kind = tariffs.tariffs.find((tariff) => tariff.kind === wanted)?.kind;
    if (kind) {
      setItems((current) =>
        current.some((item) => item.kind === kind) ? current : [...current, { kind, quantity: 1 }],
      );
      section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('subscribe');
        return next;
      },
      { replace: true },
    );
  }, [wanted, tariffs, setParams]);

  const buy = async () => {
    setBusy(true);
    setShortfall(null);
    setFailure(null);
    try {
      await buySubscription({ items, term });
      notifySuccess(translate('balance.subs.bought'));
      setItems([]);
    } catch (failed) {
      const missing = shortfallOf(failed);
      if (missing) setShortfall(missing);
      else setFailure(failed);
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  const kinds: SubscriptionKind[] = tariffs?.tariffs.map((tariff) => tariff.kind) ?? [];
  const prices = Object.fromEntries(
    tariffs?.tariffs.map((tariff) => [tariff.kind, tariff.month_minor]) ?? [],
  );

  return (
    <div ref={section} id={BUILDER_ID} style={{ scrollMarginTop: 72 }}>
      <BalanceSection
        title={t('balance.builder.title')}
        description={t('balance.builder.hint')}
        testId="subscription-builder"
      >
        {!tariffs ? (
          <PageLoader />
        ) : (
          <Stack gap="lg">
            <TermControl terms={tariffs.terms} value={term} onChange={setTerm} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  {t('balance.builder.items')}
                </Text>
                <ItemsEditor
                  items={items}
                  onChange={(next) => {
                    setItems(next);
                    setShortfall(null);
                  }}
                  kinds={kinds}
                  prices={prices}
                  currency={balance.currency}
                />
              </Stack>
              <Stack gap="md">
                {quote && items.length > 0 ? (
                  <QuoteSummary quote={quote} stale={loading} />
                ) : (
                  <Text size="sm" c="dimmed" data-testid="subscription-quote-empty">
                    {t('balance.builder.empty')}
                  </Text>
                )}
                <ServerError error={error ?? failure} />
                {shortfall && (
                  <ShortfallAlert
                    shortfall={shortfall}
                    paymentsConfigured={balance.payments_configured}
                    onClose={() => setShortfall(null)}
                  />
                )}
                <div>
                  <Button
                    onClick={buy}
                    loading={busy}
                    disabled={items.length === 0 || loading || !quote}
                    data-testid="subscription-buy"
                  >
                    {quote && items.length > 0
                      ? t('balance.builder.buy', {
                          amount: formatMoney(quote.total_minor, quote.currency, lang),
                        })
                      : t('balance.builder.buy_plain')}
                  </Button>
                </div>
              </Stack>
            </SimpleGrid>
          </Stack>
        )}
      </BalanceSection>
    </div>
  );
}
