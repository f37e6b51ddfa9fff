import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { usePartnerSummary } from '../../api/partner-money';
import { useProfile } from '../../api/profile';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { BalanceTab } from './BalanceTab';
import { ClientsSection } from './ClientsSection';
import { EarningsTab } from './EarningsTab';
import { PartnerIntro } from './PartnerIntro';
import { PartnerSummaryCard } from './PartnerSummaryCard';
import { ReferralLinksTab } from './ReferralLinksTab';

export const PARTNER_TABS = ['clients', 'balance', 'links', 'earnings'] as const;
export type PartnerTab = (typeof PARTNER_TABS)[number];

const isTab = (value: string | null): value is PartnerTab =>
  (PARTNER_TABS as readonly (string | null)[]).includes(value);

/**
 * /partner: the partner cabinet (SPEC §2 Partner, issue #23 §4): the balance and status on top, then
 * clients, balance and operations, referral links and earnings; the tab is kept in `?tab=`.
 */
export function PartnerPage() {
  const { t } = useT();
  const { data: profile } = useProfile();
  const partner = profile?.role === 'partner';
  const summary = usePartnerSummary(partner);
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: PartnerTab = isTab(raw) ? raw : 'clients';
  const open = (next: PartnerTab) => setParams(next === 'clients' ? {} : { tab: next });

  if (!profile) return null;
  if (!partner) return <PartnerIntro />;
  return (
    <Stack gap="lg" maw={1180}>
      <Title order={2}>{t('section.partner.title')}</Title>
      {summary.data ? (
        <PartnerSummaryCard summary={summary.data} onTopUp={() => open('balance')} />
      ) : summary.error ? (
        <LoadFailed
          title={t('partner.summary.load_failed')}
          error={summary.error}
          onRetry={() => summary.mutate()}
        />
      ) : (
        <PageLoader />
      )}
      <Tabs
        value={tab}
        onChange={(next) => {
          if (isTab(next)) open(next);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {PARTNER_TABS.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`partner-tab-${id}`}>
              {t(`partner.tab.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="clients">
          <ClientsSection currency={profile.currency} onTopUpPartner={() => open('balance')} />
        </Tabs.Panel>
        <Tabs.Panel value="balance">
          <BalanceTab />
        </Tabs.Panel>
        <Tabs.Panel value="links">
          <ReferralLinksTab />
        </Tabs.Panel>
        <Tabs.Panel value="earnings">
          <EarningsTab summary={summary.data} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
