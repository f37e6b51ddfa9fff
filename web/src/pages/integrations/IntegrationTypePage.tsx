import { Alert, Anchor, Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { IntegrationType } from '../../../../db/schema/integrations';
import {
  describeIntegration,
  isBuiltIntegrationType,
} from '../../../../functions/shared/integration-catalogue';
import type { IntegrationView, useIntegrationList } from '../../api/integrations';
import { notifyError } from '../../components/notify';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { IntegrationStateBadges } from './IntegrationStateBadges';
import { instanceName } from './instance-name';
import { instancePath } from './integration-links';

interface IntegrationTypePageProps {
  type: IntegrationType;
  items: IntegrationView[];
  create: ReturnType<typeof useIntegrationList>['create'];
}

/** /integrations/{slug}: the account's accounts of one type, and adding one when the type is built. */
export function IntegrationTypePage({ type, items, create }: IntegrationTypePageProps) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const name = t(`integration.name.${type}`);
  const built = isBuiltIntegrationType(type);
  // A type installed from the other system's side (Bitrix24's app) is added there, not here.
  const addedHere = built && describeIntegration(type).installedThere !== true;

  const add = async () => {
    setAdding(true);
    try {
      const item = await create(type);
      navigate(instancePath(type, item.id));
    } catch (error) {
      notifyError(error);
    } finally {
      setAdding(false);
    }
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={PATHS.integrations} size="sm">
        {t('integrations.back')}
      </Anchor>
      <Group justify="space-between">
        <Title order={3}>{name}</Title>
        {addedHere && (
          <Button onClick={add} loading={adding}>
            {t('integrations.type.add')}
          </Button>
        )}
      </Group>
      {!built && (
        <Alert color="yellow" variant="light" data-testid="integration-not-built">
          {t('integrations.type.not_built', { name })}
        </Alert>
      )}
      <Title order={4}>{t('integrations.type.accounts')}</Title>
      {items.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <EmptyState size="sm">
            <EmptyState.Title order={5}>{t('integrations.type.empty')}</EmptyState.Title>
            <EmptyState.Description>
              {!built
                ? t('integrations.type.empty_hint_not_built', { name })
                : addedHere
                  ? t('integrations.type.empty_hint', { name })
                  : t('integrations.type.empty_hint_installed_there', { name })}
            </EmptyState.Description>
          </EmptyState>
        </Paper>
      ) : (
        items.map((item) => (
          <Paper key={item.id} withBorder radius="md" p="md">
            <Group justify="space-between">
              <Anchor component={Link} to={instancePath(type, item.id)}>
                <Text fw={500}>{instanceName(item, { t, lang })}</Text>
              </Anchor>
              <IntegrationStateBadges integration={item} />
            </Group>
          </Paper>
        ))
      )}
    </Stack>
  );
}
