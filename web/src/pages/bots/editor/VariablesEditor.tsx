import { CloseButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { MAX_VARIABLES } from '../../../../../functions/shared/schemas/bot';
import { AddItemButton, removeAt, updateAt } from '../../../components/list-items';
import { useT } from '../../../i18n/use-t';
import { problemAt } from './draft';
import { Section, type TabProps } from './Section';

/** The bot's own variables: an English name and a description telling the bot what to put there. */
export function VariablesEditor({ draft, set, problems }: Pick<TabProps, 'draft' | 'set' | 'problems'>) {
  const { t } = useT();
  const variables = draft.custom_variables;
  const change = (index: number, changes: Partial<(typeof variables)[number]>) =>
    set(
      'custom_variables',
      updateAt(variables, index, (item) => ({ ...item, ...changes })),
    );
  return (
    <Section title={t('bot.variables.title')} hint={t('bot.variables.hint')}>
      {variables.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('bot.variables.empty')}
        </Text>
      )}
      {variables.map((variable, index) => {
        const n = index + 1;
        const path = `custom_variables.${index}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: variables have no id; their name is being edited
          <Paper key={index} withBorder p="sm" radius="md" data-testid="bot-variable">
            <Group align="flex-start" wrap="nowrap">
              <Stack gap="xs" flex={1}>
                <TextInput
                  label={t('bot.variables.name', { n })}
                  placeholder="phone"
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  value={variable.name}
                  maxLength={64}
                  onChange={(event) => change(index, { name: event.currentTarget.value })}
                  error={problemAt(problems, `${path}.name`, t)}
                />
                <TextInput
                  label={t('bot.variables.description', { n })}
                  placeholder={t('bot.variables.description_placeholder')}
                  value={variable.description}
                  maxLength={1000}
                  onChange={(event) => change(index, { description: event.currentTarget.value })}
                  error={problemAt(problems, `${path}.description`, t)}
                />
              </Stack>
              <CloseButton
                mt={28}
                aria-label={t('bot.variables.remove', { n })}
                onClick={() => set('custom_variables', removeAt(variables, index))}
              />
            </Group>
          </Paper>
        );
      })}
      <AddItemButton
        disabled={variables.length >= MAX_VARIABLES}
        onClick={() => set('custom_variables', [...variables, { name: '', description: '' }])}
      >
        {t('bot.variables.add')}
      </AddItemButton>
    </Section>
  );
}
