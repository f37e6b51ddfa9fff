import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { BOT_TEXT_LIMITS } from '../../../../../functions/shared/schemas/bot';
import { MAX_ACTIONS } from '../../../../../functions/shared/schemas/bot-actions';
import { MentionTextarea } from '../../../components/MentionTextarea';
import { useT } from '../../../i18n/use-t';
import { ActionCard, newAction } from './ActionCard';
import { problemAt } from './draft';
import { Section, type TabProps } from './Section';
import { VariablesEditor } from './VariablesEditor';

/** The main goal, the bot's variables and its actions with their goal prompts. */
export function ActionsTab({ draft, set, problems, mentions }: TabProps) {
  const { t } = useT();
  const actions = draft.actions;
  const variableNames = draft.custom_variables.map((item) => item.name.trim()).filter(Boolean);
  return (
    <Stack gap="lg">
      <Section title={t('bot.goal.title')} hint={t('bot.goal.hint')}>
        <MentionTextarea
          label={t('bot.goal')}
          minRows={3}
          limit={1000}
          maxLength={BOT_TEXT_LIMITS.goal_prompt}
          options={mentions}
          value={draft.goal_prompt}
          onChange={(value) => set('goal_prompt', value)}
          error={problemAt(problems, 'goal_prompt', t)}
        />
      </Section>

      <VariablesEditor draft={draft} set={set} problems={problems} />

      <Section title={t('bot.actions.title')} hint={t('bot.actions.hint')}>
        <Switch
          label={t('bot.actions.enabled')}
          description={t('bot.actions.enabled_hint')}
          checked={draft.actions_enable}
          onChange={(event) => set('actions_enable', event.currentTarget.checked)}
        />
        {actions.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('bot.actions.empty')}
          </Text>
        )}
        {actions.map((action, index) => (
          <ActionCard
            key={action.id ?? index}
            action={action}
            index={index}
            onChange={(changed) =>
              set(
                'actions',
                actions.map((item, position) => (position === index ? changed : item)),
              )
            }
            onRemove={() =>
              set(
                'actions',
                actions.filter((_, position) => position !== index),
              )
            }
            problems={problems}
            mentions={mentions}
            variableNames={variableNames}
            actions={actions}
          />
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            disabled={actions.length >= MAX_ACTIONS}
            onClick={() => set('actions', [...actions, newAction()])}
          >
            {t('bot.actions.add')}
          </Button>
        </Group>
      </Section>
    </Stack>
  );
}
