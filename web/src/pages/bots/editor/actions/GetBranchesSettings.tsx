import { TextListEditor } from '../../../../components/TextListEditor';
import { useT } from '../../../../i18n/use-t';
import { IntegrationSettings } from './IntegrationSettings';
import type { TypeSettingsProps } from './types';

/** Get branches: the integration and the branches to choose from. */
export function GetBranchesSettings({ settings, change, error }: TypeSettingsProps<'get_branches'>) {
  const { t } = useT();
  return (
    <IntegrationSettings settings={settings} change={change} error={error}>
      <TextListEditor
        label={t('bot.action.branches')}
        description={t('bot.action.branches_hint')}
        values={settings.branches}
        onChange={(branches) => change({ branches })}
        addLabel={t('bot.action.add_branch')}
        max={100}
        maxLength={64}
      />
    </IntegrationSettings>
  );
}
