import { Alert, Anchor, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useIntegrationList } from '../../api/integrations';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { IntegrationSettingsPage } from './IntegrationSettingsPage';
import { IntegrationsOverview } from './IntegrationsOverview';
import { IntegrationTypePage } from './IntegrationTypePage';
import { isIntegrationType } from './integration-links';
import { PendingIntegrationCard } from './PendingIntegrationCard';

function Missing({ text }: { text: string }) {
  const { t } = useT();
  return (
    <Alert color="yellow" variant="light" title={text}>
      <Anchor component={Link} to={PATHS.integrations} size="sm">
        {t('integrations.back')}
      </Anchor>
    </Alert>
  );
}

/** /integrations/{slug?}/{inst?}: the overview, one type's accounts, or one account's settings. */
export function IntegrationsPage() {
  const { t } = useT();
  const { slug, inst } = useParams();
  const [search] = useSearchParams();
  // amoCRM's consent page came back with the owner's refusal (/amo/install).
  const denied = search.get('denied') === '1' && slug !== undefined && isIntegrationType(slug);
  const list = useIntegrationList();
  const { data: integrations, error, isLoading, mutate } = list;

  let body: ReactNode;
  if (integrations === undefined) {
    body = error ? (
      <LoadFailed title={t('integrations.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      isLoading && <PageLoader />
    );
  } else if (slug === undefined) {
    body = <IntegrationsOverview integrations={integrations} />;
  } else if (!isIntegrationType(slug)) {
    body = <Missing text={t('integrations.unknown_type')} />;
  } else if (inst === undefined) {
    body = (
      <IntegrationTypePage
        type={slug}
        items={integrations.filter((item) => item.type === slug)}
        create={list.create}
      />
    );
  } else {
    const integration = integrations.find((item) => item.id === inst && item.type === slug);
    body = integration ? (
      <IntegrationSettingsPage integration={integration} actions={list} />
    ) : (
      <Missing text={t('integrations.not_found')} />
    );
  }

  return (
    <Stack gap="lg">
      <Title order={2}>{t('section.integrations.title')}</Title>
      <PendingIntegrationCard />
      {denied && (
        <Alert color="yellow" variant="light" role="alert">
          {t('amo.denied', { name: t(`integration.name.${slug}`) })}
        </Alert>
      )}
      {body}
    </Stack>
  );
}
