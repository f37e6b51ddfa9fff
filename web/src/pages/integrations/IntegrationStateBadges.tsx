import { Badge, Group } from '@mantine/core';
import type { IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';

/** SPEC §4 integration states: connected or not, activated or not. */
export function IntegrationStateBadges({ integration }: { integration: IntegrationView }) {
  const { t } = useT();
  return (
    <Group gap="xs">
      <Badge color={integration.connected ? 'green' : 'gray'} variant="light">
        {t(integration.connected ? 'integrations.state.connected' : 'integrations.state.not_connected')}
      </Badge>
      <Badge color={integration.activated ? 'blue' : 'gray'} variant="outline">
        {t(integration.activated ? 'integrations.state.activated' : 'integrations.state.deactivated')}
      </Badge>
    </Group>
  );
}
