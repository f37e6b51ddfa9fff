import { MultiSelect, Text } from '@mantine/core';
import { SALON_TYPES } from '../../../../../../functions/shared/booking';
import { salonBranches } from '../../../../api/booking';
import { useIntegrations } from '../../../../api/integrations';
import { useT } from '../../../../i18n/use-t';
import { branchOptions, renderBranchOption } from './branch-options';
import { IntegrationSettings } from './IntegrationSettings';
import type { TypeSettingsProps } from './types';

/**
 * Get branches: a salon (YCLIENTS, Altegio) and which of its branches the bot offers the customer,
 * chosen from the branches connecting learned. A chosen branch the salon no longer lists stays
 * chosen, flagged, so nothing is lost without the owner seeing it.
 */
export function GetBranchesSettings({ settings, change, error }: TypeSettingsProps<'get_branches'>) {
  const { t } = useT();
  const { integrations, isLoading } = useIntegrations(true);
  const integration = integrations.find((item) => item.id === settings.integration_id);
  const learned = salonBranches(integration);
  const chosen = settings.integration_id !== null;
  const options = branchOptions(learned, settings.branches, t);
  return (
    <IntegrationSettings settings={settings} change={change} error={error} types={SALON_TYPES}>
      <MultiSelect
        label={t('bot.action.branches')}
        description={t('bot.action.branches_hint')}
        placeholder={
          !chosen
            ? t('crm.choose_integration')
            : settings.branches.length === 0
              ? t('select.placeholder')
              : undefined
        }
        nothingFoundMessage={t('select.nothing_found')}
        disabled={!chosen || isLoading}
        data={options}
        renderOption={renderBranchOption(options)}
        value={settings.branches}
        onChange={(branches) => change({ branches })}
        error={error('branches')}
        searchable
        hidePickedOptions={false}
        data-testid="get-branches-select"
      />
      {chosen && integration && learned.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('bot.booking.no_branches')}
        </Text>
      )}
    </IntegrationSettings>
  );
}
