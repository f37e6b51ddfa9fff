import { SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import {
  BOT_TEXT_LIMITS,
  DEFAULT_ACCUMULATION_SECONDS,
  PROCESS_SCHEMES,
} from '../../../../../functions/shared/schemas/bot';
import {
  BOT_STOP_PERIODS,
  type BotRestoringDialogue,
  type BotStopLogic,
  type BotStopPeriod,
  MAX_ACCUMULATION_MAX_SECONDS,
  MAX_STOP_SECONDS,
} from '../../../../../functions/shared/schemas/bot-conditions';
import { AppSelect } from '../../../components/AppSelect';
import { Counter } from '../../../components/Counter';
import { MentionTextarea } from '../../../components/MentionTextarea';
import { TextListEditor } from '../../../components/TextListEditor';
import { useT } from '../../../i18n/use-t';
import { DurationInput } from './DurationInput';
import { problemAt } from './draft';
import { OptionalCounter } from './OptionalCounter';
import { Section, type TabProps } from './Section';

type ProcessScheme = (typeof PROCESS_SCHEMES)[number];
const isScheme = (value: string): value is ProcessScheme =>
  (PROCESS_SCHEMES as readonly string[]).includes(value);

/** Processing scheme, stop logic and stop periods, the stop message, restoring the dialogue. */
export function AutomationTab({ draft, set, problems, mentions }: TabProps) {
  const { t } = useT();
  const stop = draft.stop_logic;
  const changeStop = (changes: Partial<BotStopLogic>) => set('stop_logic', { ...stop, ...changes });
  const restoring = draft.restoring_dialogue;
  const changeRestoring = (changes: Partial<BotRestoringDialogue>) =>
    set('restoring_dialogue', { ...restoring, ...changes });

  return (
    <Stack gap="lg">
      <Section title={t('bot.scheme.title')}>
        <SegmentedControl
          aria-label={t('bot.scheme.title')}
          value={draft.process_scheme}
          data={PROCESS_SCHEMES.map((scheme) => ({ value: scheme, label: t(`bot.scheme.${scheme}`) }))}
          onChange={(value) => {
            if (isScheme(value)) set('process_scheme', value);
          }}
        />
        <Text size="sm" c="dimmed">
          {t(`bot.scheme.${draft.process_scheme}.hint`)}
        </Text>
        {draft.process_scheme === 'accumulation' && (
          <Counter
            label={t('bot.scheme.seconds')}
            description={t('bot.scheme.seconds_hint', { seconds: DEFAULT_ACCUMULATION_SECONDS })}
            positiveOnly
            max={3600}
            value={draft.accumulation_messages_seconds}
            onChange={(value) => set('accumulation_messages_seconds', value)}
            w={240}
          />
        )}
        {draft.process_scheme === 'accumulation' && (
          <OptionalCounter
            label={t('bot.scheme.max_wait')}
            description={t('bot.scheme.max_wait_hint')}
            counterLabel={t('bot.scheme.max_wait_seconds')}
            value={draft.conditions.accumulation_max_seconds ?? null}
            initial={Math.min(MAX_ACCUMULATION_MAX_SECONDS, draft.accumulation_messages_seconds * 3)}
            max={MAX_ACCUMULATION_MAX_SECONDS}
            onChange={(accumulation_max_seconds) =>
              set('conditions', { ...draft.conditions, accumulation_max_seconds })
            }
          />
        )}
      </Section>

      <Section title={t('bot.stop.title')} hint={t('bot.stop.hint')}>
        <Switch
          label={t('bot.stop.automatic')}
          description={t('bot.stop.automatic_hint')}
          checked={stop.automatic_stop}
          onChange={(event) => changeStop({ automatic_stop: event.currentTarget.checked })}
        />
        {stop.automatic_stop && (
          <TextListEditor
            label={t('bot.stop.cases')}
            values={stop.interruption_cases}
            onChange={(interruption_cases) => changeStop({ interruption_cases })}
            addLabel={t('bot.stop.add_case')}
            placeholder={t('bot.stop.case_placeholder')}
            max={20}
            maxLength={500}
          />
        )}
        <Switch
          label={t('bot.stop.intervention')}
          description={t('bot.stop.intervention_hint')}
          checked={stop.stop_during_intervention}
          onChange={(event) => changeStop({ stop_during_intervention: event.currentTarget.checked })}
        />
        <AppSelect<BotStopPeriod>
          label={t('bot.stop.period')}
          value={stop.bot_stop_period}
          data={BOT_STOP_PERIODS.map((period) => ({ value: period, label: t(`bot.stop.period.${period}`) }))}
          onChange={(bot_stop_period) => changeStop({ bot_stop_period })}
          maw={360}
        />
        {stop.bot_stop_period === 'for_time' && (
          <DurationInput
            label={t('bot.stop.period_time')}
            seconds={stop.bot_stop_period_seconds}
            maxSeconds={MAX_STOP_SECONDS}
            onChange={(bot_stop_period_seconds) => changeStop({ bot_stop_period_seconds })}
            error={problemAt(problems, 'stop_logic.bot_stop_period_seconds', t)}
          />
        )}
        <MentionTextarea
          label={t('bot.stop_message')}
          description={t('bot.stop_message_hint')}
          minRows={2}
          limit={1000}
          maxLength={BOT_TEXT_LIMITS.stop_message}
          options={mentions}
          value={draft.stop_message}
          onChange={(value) => set('stop_message', value)}
          error={problemAt(problems, 'stop_message', t)}
        />
        <MentionTextarea
          label={t('bot.stop_task')}
          description={t('bot.stop_task_hint')}
          minRows={2}
          limit={1000}
          maxLength={BOT_TEXT_LIMITS.stop_task}
          options={mentions}
          value={draft.stop_task}
          onChange={(value) => set('stop_task', value)}
          error={problemAt(problems, 'stop_task', t)}
        />
      </Section>

      <Section title={t('bot.restoring.title')} hint={t('bot.restoring.hint')}>
        <Switch
          label={t('bot.restoring.enabled')}
          checked={restoring.enabled}
          onChange={(event) => changeRestoring({ enabled: event.currentTarget.checked })}
        />
        {restoring.enabled && (
          <>
            <Counter
              label={t('bot.restoring.after')}
              positiveOnly
              max={30 * 24 * 60}
              value={restoring.after_minutes}
              onChange={(after_minutes) => changeRestoring({ after_minutes })}
              w={240}
            />
            <MentionTextarea
              label={t('bot.restoring.prompt')}
              minRows={2}
              limit={1000}
              maxLength={2000}
              options={mentions}
              value={restoring.prompt}
              onChange={(prompt) => changeRestoring({ prompt })}
              error={problemAt(problems, 'restoring_dialogue.prompt', t)}
            />
          </>
        )}
      </Section>
    </Stack>
  );
}
