import { Badge, Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import * as v from 'valibot';
import {
  ACTION_TYPES,
  type ActionType,
  botActionSchema,
} from '../../../../../functions/shared/schemas/bot-actions';
import { AppSelect } from '../../../components/AppSelect';
import type { MentionOption } from '../../../components/MentionTextarea';
import { useT } from '../../../i18n/use-t';
import { ActionSettings, type BotActionDraft } from './ActionSettings';
import { ActionTextarea } from './ActionTextarea';
import { problemAt } from './draft';

/** The same action with another type: the texts stay, the settings start from that type's defaults. */
export function withType(action: BotActionDraft, type: ActionType | null): BotActionDraft {
  const { id, name, description, goal_prompt } = action;
  return v.parse(botActionSchema, { id, name, description, goal_prompt, type });
}

export const newAction = (): BotActionDraft =>
  v.parse(botActionSchema, { id: crypto.randomUUID(), type: null });

interface ActionCardProps {
  action: BotActionDraft;
  index: number;
  onChange: (action: BotActionDraft) => void;
  onRemove: () => void;
  problems: Parameters<typeof problemAt>[0];
  mentions: readonly MentionOption[];
  variableNames: string[];
  /** Every action of the bot, as edited. */
  actions: readonly BotActionDraft[];
}

/** One action: its name, what it does, when to do it (goal prompt) and its type's settings. */
export function ActionCard({
  action,
  index,
  onChange,
  onRemove,
  problems,
  mentions,
  variableNames,
  actions,
}: ActionCardProps) {
  const { t } = useT();
  const n = index + 1;
  const path = `actions.${index}`;
  const count = problems.filter((problem) => problem.path?.startsWith(`${path}.`)).length;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('bot.action.title', { n })}
      data-testid="bot-action"
    >
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <Title order={4} size="h6">
            {t('bot.action.title', { n })}
            {action.name.trim() ? ` · ${action.name.trim()}` : ''}
          </Title>
          {count > 0 && (
            <Badge color="yellow" variant="light" size="sm">
              {t('bots.problems_count', { count })}
            </Badge>
          )}
        </Group>
        <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove}>
          {t('bot.action.remove')}
        </Button>
      </Group>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('bot.action.name')}
            value={action.name}
            maxLength={100}
            onChange={(event) => onChange({ ...action, name: event.currentTarget.value })}
            error={problemAt(problems, `${path}.name`, t)}
          />
          <AppSelect<ActionType>
            label={t('bot.action.type')}
            value={action.type}
            data={ACTION_TYPES.map((type) => ({ value: type, label: t(`bot.action.type.${type}`) }))}
            onChange={(type) => onChange(withType(action, type))}
            error={problemAt(problems, `${path}.type`, t)}
          />
        </SimpleGrid>
        <ActionTextarea
          label={t('bot.action.description')}
          description={t('bot.action.description_hint')}
          minRows={2}
          mentions={mentions}
          value={action.description}
          onChange={(description) => onChange({ ...action, description })}
          error={problemAt(problems, `${path}.description`, t)}
        />
        <ActionTextarea
          label={t('bot.action.goal')}
          description={t('bot.action.goal_hint')}
          minRows={2}
          mentions={mentions}
          value={action.goal_prompt}
          onChange={(goal_prompt) => onChange({ ...action, goal_prompt })}
          error={problemAt(problems, `${path}.goal_prompt`, t)}
        />
        <ActionSettings
          action={action}
          index={index}
          onChange={onChange}
          problems={problems}
          mentions={mentions}
          variableNames={variableNames}
          actions={actions}
        />
      </Stack>
    </Paper>
  );
}
