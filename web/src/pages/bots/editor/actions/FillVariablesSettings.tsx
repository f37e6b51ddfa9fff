import { MultiSelect } from '@mantine/core';
import { useT } from '../../../../i18n/use-t';
import type { TypeSettingsProps } from './types';

/** Fill variables: which of the bot's variables the action fills. */
export function FillVariablesSettings({
  settings,
  change,
  error,
  variableNames,
}: TypeSettingsProps<'fill_variables'>) {
  const { t } = useT();
  return (
    <MultiSelect
      label={t('bot.action.fill_variables.variables')}
      description={variableNames.length === 0 ? t('bot.action.fill_variables.none') : undefined}
      placeholder={settings.variables.length === 0 ? t('select.placeholder') : undefined}
      nothingFoundMessage={t('select.nothing_found')}
      data={[...new Set([...variableNames, ...settings.variables])]}
      value={settings.variables}
      onChange={(variables) => change({ variables })}
      error={error('variables')}
      searchable
    />
  );
}
