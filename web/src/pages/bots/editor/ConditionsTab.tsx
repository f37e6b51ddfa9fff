import {
  Checkbox,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  BOT_RUN_MODES,
  type BotConditions,
  type BotWorkTime,
  MAX_WAITING_RESPONSE_MINUTES,
  WEEKDAYS,
  type Weekday,
} from '../../../../../functions/shared/schemas/bot-conditions';
import { TIME_ZONES, type TimeZoneId } from '../../../../../functions/shared/time-zones';
import { useProfile } from '../../../api/profile';
import { AppSelect } from '../../../components/AppSelect';
import { TextListEditor } from '../../../components/TextListEditor';
import { useT } from '../../../i18n/use-t';
import { CHANNELS, channelLabel } from './channels';
import { problemAt } from './draft';
import { OptionalCounter } from './OptionalCounter';
import { Section, type TabProps } from './Section';
import { SpendLimitField } from './SpendLimitField';

const isRunMode = (value: string): value is BotConditions['run'] =>
  (BOT_RUN_MODES as readonly string[]).includes(value);

/** The default wait for an operator when the condition is switched on, in minutes. */
const DEFAULT_WAITING_MINUTES = 10;

/**
 * Channels, which dialogues, trigger phrases, work time by weekday in a city's time zone, the wait
 * for an operator's reply and the daily spend limit.
 */
export function ConditionsTab({ draft, set, problems }: TabProps) {
  const { t, lang } = useT();
  const currency = useProfile().data?.currency ?? 'rub';
  const conditions = draft.conditions;
  const change = (changes: Partial<BotConditions>) => set('conditions', { ...conditions, ...changes });
  const workTime = conditions.work_time;
  const changeWorkTime = (changes: Partial<BotWorkTime>) =>
    change({ work_time: { ...workTime, ...changes } });
  const changeDay = (day: Weekday, changes: Partial<BotWorkTime['days'][Weekday]>) =>
    changeWorkTime({ days: { ...workTime.days, [day]: { ...workTime.days[day], ...changes } } });

  // Channels the bot already has but the list does not know (an integration id) stay selectable.
  const channelOptions = [...new Set<string>([...CHANNELS, ...conditions.channels])].map((value) => ({
    value,
    label: channelLabel(value, t),
  }));

  return (
    <Stack gap="lg">
      <Section title={t('bot.channels.title')} hint={t('bot.channels.hint')}>
        <MultiSelect
          label={t('bot.channels')}
          placeholder={conditions.channels.length === 0 ? t('select.placeholder') : undefined}
          nothingFoundMessage={t('select.nothing_found')}
          data={channelOptions}
          value={conditions.channels}
          onChange={(channels) => change({ channels })}
          searchable
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="bot-run-label">
            {t('bot.run')}
          </Text>
          <SegmentedControl
            aria-labelledby="bot-run-label"
            value={conditions.run}
            data={BOT_RUN_MODES.map((mode) => ({ value: mode, label: t(`bot.run.${mode}`) }))}
            onChange={(value) => {
              if (isRunMode(value)) change({ run: value });
            }}
          />
        </Stack>
      </Section>

      <Section title={t('bot.process_messages.title')}>
        <Switch
          label={t('bot.process_messages.enabled')}
          description={t('bot.process_messages.hint')}
          checked={conditions.process_messages_enabled}
          onChange={(event) => change({ process_messages_enabled: event.currentTarget.checked })}
        />
        {conditions.process_messages_enabled && (
          <TextListEditor
            label={t('bot.process_messages.phrases')}
            values={conditions.process_messages}
            onChange={(process_messages) => change({ process_messages })}
            addLabel={t('bot.process_messages.add')}
            placeholder={t('bot.process_messages.placeholder')}
            max={50}
            maxLength={200}
            error={problemAt(problems, 'conditions.process_messages', t)}
          />
        )}
      </Section>

      <Section title={t('bot.work_time.title')} hint={t('bot.work_time.hint')}>
        <Switch
          label={t('bot.work_time.enabled')}
          checked={workTime.enabled}
          onChange={(event) => changeWorkTime({ enabled: event.currentTarget.checked })}
        />
        {workTime.enabled && (
          <>
            <AppSelect<TimeZoneId>
              label={t('bot.work_time.time_zone')}
              searchable
              value={workTime.time_zone}
              data={TIME_ZONES.map((zone) => ({ value: zone.id, label: zone[lang] }))}
              onChange={(time_zone) => changeWorkTime({ time_zone })}
            />
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing={4} aria-label={t('bot.work_time.title')}>
                <Table.Tbody>
                  {WEEKDAYS.map((day) => {
                    const value = workTime.days[day];
                    const dayName = t(`weekday.${day}`);
                    return (
                      <Table.Tr key={day}>
                        <Table.Td w={180}>
                          <Checkbox
                            label={dayName}
                            checked={value.enabled}
                            onChange={(event) => changeDay(day, { enabled: event.currentTarget.checked })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <TextInput
                              type="time"
                              aria-label={t('bot.work_time.from', { day: dayName })}
                              value={value.from}
                              disabled={!value.enabled}
                              onChange={(event) =>
                                changeDay(day, { from: event.currentTarget.value || value.from })
                              }
                            />
                            <Text c="dimmed">—</Text>
                            <TextInput
                              type="time"
                              aria-label={t('bot.work_time.to', { day: dayName })}
                              value={value.to}
                              disabled={!value.enabled}
                              onChange={(event) =>
                                changeDay(day, { to: event.currentTarget.value || value.to })
                              }
                            />
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {problemAt(problems, 'conditions.work_time.days', t) && (
              <Text size="sm" c="red">
                {problemAt(problems, 'conditions.work_time.days', t)}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('bot.work_time.overnight')}
            </Text>
          </>
        )}
      </Section>

      <Section title={t('bot.waiting_response.title')} hint={t('bot.waiting_response.hint')}>
        <OptionalCounter
          label={t('bot.waiting_response.enabled')}
          counterLabel={t('bot.waiting_response.minutes')}
          value={conditions.waiting_response_minutes ?? null}
          initial={DEFAULT_WAITING_MINUTES}
          max={MAX_WAITING_RESPONSE_MINUTES}
          onChange={(waiting_response_minutes) => change({ waiting_response_minutes })}
        />
      </Section>

      <Section title={t('bot.spend_limit.title')} hint={t('bot.spend_limit.hint')}>
        <SpendLimitField
          value={conditions.daily_spend_limit_minor ?? null}
          currency={currency}
          onChange={(daily_spend_limit_minor) => change({ daily_spend_limit_minor })}
        />
      </Section>
    </Stack>
  );
}
