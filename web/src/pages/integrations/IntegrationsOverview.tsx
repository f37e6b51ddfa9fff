import { SimpleGrid, Tabs } from '@mantine/core';
import { useState } from 'react';
import type { IntegrationType } from '../../../../db/schema/integrations';
import {
  CHANNEL_INTEGRATION_TYPES,
  DATA_SOURCE_INTEGRATION_TYPES,
} from '../../../../functions/shared/integration-catalogue';
import type { IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';
import { IntegrationTypeCard } from './IntegrationTypeCard';

type Tab = 'data_source' | 'channel';

const TABS: Record<Tab, readonly IntegrationType[]> = {
  data_source: DATA_SOURCE_INTEGRATION_TYPES,
  channel: CHANNEL_INTEGRATION_TYPES,
};

/** /integrations: the tabs data sources and channels, a card per §3 type. */
export function IntegrationsOverview({ integrations }: { integrations: IntegrationView[] }) {
  const { t } = useT();
  const [tab, setTab] = useState<Tab>('data_source');
  const grid = (types: readonly IntegrationType[]) => (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} pt="md">
      {types.map((type) => (
        <IntegrationTypeCard
          key={type}
          type={type}
          items={integrations.filter((item) => item.type === type)}
        />
      ))}
    </SimpleGrid>
  );
  return (
    <Tabs value={tab} onChange={(value) => setTab(value === 'channel' ? 'channel' : 'data_source')}>
      <Tabs.List>
        <Tabs.Tab value="data_source">{t('integrations.tab.data_sources')}</Tabs.Tab>
        <Tabs.Tab value="channel">{t('integrations.tab.channels')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="data_source">{grid(TABS.data_source)}</Tabs.Panel>
      <Tabs.Panel value="channel">{grid(TABS.channel)}</Tabs.Panel>
    </Tabs>
  );
}
