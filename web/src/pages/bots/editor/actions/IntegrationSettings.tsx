import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { IntegrationType } from '../../../../../../db/schema/integrations';
import { IntegrationField } from '../IntegrationField';

interface IntegrationSettingsProps {
  settings: { integration_id: string | null };
  change: (changes: { integration_id: string }) => void;
  error: (field: string) => string | undefined;
  children: ReactNode;
  /** The integration types that can serve the action; any data source when absent. */
  types?: readonly IntegrationType[];
}

/** The settings of a type that works through an integration: the integration, then the type's own. */
export function IntegrationSettings({ settings, change, error, children, types }: IntegrationSettingsProps) {
  return (
    <Stack gap="sm">
      <IntegrationField
        value={settings.integration_id}
        onChange={(integration_id) => change({ integration_id })}
        error={error('integration_id')}
        types={types}
      />
      {children}
    </Stack>
  );
}
