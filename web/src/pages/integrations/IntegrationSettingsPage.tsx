import { Anchor, Group, Paper, Stack, Tabs, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import type { IntegrationView, useIntegrationList } from '../../api/integrations';
import { useT } from '../../i18n/use-t';
import { ConnectControls } from './ConnectControls';
import { DeleteIntegration } from './DeleteIntegration';
import { IntegrationSettingsTab } from './IntegrationSettingsTab';
import { IntegrationStateBadges } from './IntegrationStateBadges';
import { instanceName } from './instance-name';
import { typePath } from './integration-links';

type Actions = Pick<ReturnType<typeof useIntegrationList>, 'update' | 'connect' | 'reset' | 'remove'>;

/** /integrations/{slug}/{inst}: one integration's state, connection and its settings tab. */
export function IntegrationSettingsPage({
  integration,
  actions,
}: {
  integration: IntegrationView;
  actions: Actions;
}) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const name = t(`integration.name.${integration.type}`);
  const id = integration.id;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={typePath(integration.type)} size="sm">
        {name}
      </Anchor>
      <Group justify="space-between">
        <Title order={3}>
          {name}: {instanceName(integration, { t, lang })}
        </Title>
        <IntegrationStateBadges integration={integration} />
      </Group>
      <Paper withBorder radius="md" p="md">
        <ConnectControls
          integration={integration}
          connect={() => actions.connect(id)}
          reset={() => actions.reset(id)}
        />
      </Paper>
      <Tabs defaultValue="settings">
        <Tabs.List>
          <Tabs.Tab value="settings">{t('integrations.settings.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings" pt="md">
          <IntegrationSettingsTab
            key={id}
            integration={integration}
            update={(changes) => actions.update(id, changes)}
          />
        </Tabs.Panel>
      </Tabs>
      <Group>
        <DeleteIntegration
          name={name}
          warning={integration.type === 'chatgpt' ? t('integrations.chatgpt.warning_back') : undefined}
          remove={(confirmed) => actions.remove(id, confirmed)}
          onDeleted={() => navigate(typePath(integration.type), { replace: true })}
        />
      </Group>
    </Stack>
  );
}
