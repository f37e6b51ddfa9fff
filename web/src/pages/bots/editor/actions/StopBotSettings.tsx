import { Stack } from '@mantine/core';
import {
  BOT_STOP_PERIODS,
  MAX_STOP_SECONDS,
} from '../../../../../../functions/shared/schemas/bot-conditions';
import { AppSelect } from '../../../../components/AppSelect';
import { useT } from '../../../../i18n/use-t';
import { DurationInput } from '../DurationInput';
import type { TypeSettingsProps } from './types';

/** Stop bot: for how long (a period, or a time span). */
export function StopBotSettings({ settings, change, error }: TypeSettingsProps<'stop_bot'>) {
  const { t } = useT();
  return (
    <Stack gap="sm">
      <AppSelect
        label={t('bot.stop.period')}
        value={settings.period}
        data={BOT_STOP_PERIODS.map((period) => ({
          value: period,
          label: t(`bot.stop.period.${period}`),
        }))}
        onChange={(period) => change({ period })}
        maw={360}
      />
      {settings.period === 'for_time' && (
        <DurationInput
          label={t('bot.stop.period_time')}
          seconds={settings.seconds ?? 0}
          maxSeconds={MAX_STOP_SECONDS}
          onChange={(seconds) => change({ seconds })}
          error={error('seconds')}
        />
      )}
    </Stack>
  );
}
