import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { IntegrationType } from '../../../../db/schema/integrations';
import { isBuiltIntegrationType } from '../../../../functions/shared/integration-catalogue';
import type { IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';
import { typePath } from './integration-links';

interface IntegrationTypeCardProps {
  type: IntegrationType;
  /** The account's integrations of this type. */
  items: IntegrationView[];
}

/** One integration type on the overview: its name, the account's state with it, and a way in. */
export function IntegrationTypeCard({ type, items }: IntegrationTypeCardProps) {
  const { t } = useT();
  const name = t(`integration.name.${type}`);
  const connected = items.some((item) => item.connected);
  return (
    <Paper withBorder radius="md" p="md" data-testid={`integration-card-${type}`}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Text fw={600}>{name}</Text>
          <Group gap="xs">
            <Badge color={connected ? 'green' : 'gray'} variant="light">
              {t(connected ? 'integrations.state.connected' : 'integrations.state.not_connected')}
            </Badge>
            {!isBuiltIntegrationType(type) && (
              <Badge color="yellow" variant="outline">
                {t('integrations.state.not_built')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('integrations.card.accounts', { count: items.length })}
          </Text>
        </Stack>
        <Button component={Link} to={typePath(type)} variant="light" size="xs" aria-label={name}>
          {t('integrations.card.open')}
        </Button>
      </Stack>
    </Paper>
  );
}
