import { Alert, Anchor, Button, Group, List, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { BotProblem } from '../../../../../functions/shared/bot-problems';
import { problemKey } from '../../../api/bots';
import { isApiError } from '../../../api/errors';
import { ServerError } from '../../../components/Alerts';
import { useT } from '../../../i18n/use-t';
import { PATHS } from '../../../routes/paths';

interface EditorFooterProps {
  problems: readonly BotProblem[];
  onShowProblem: (problem: BotProblem) => void;
  serverError: unknown;
  dirty: boolean;
  saving: boolean;
  canSave: boolean;
  onSave: () => void;
}

/**
 * Always in view under the editor: the settings problems (SPEC §5) as they are now, the server's
 * refusal, and Save.
 */
export function EditorFooter({
  problems,
  onShowProblem,
  serverError,
  dirty,
  saving,
  canSave,
  onSave,
}: EditorFooterProps) {
  const { t, te } = useT();
  const fields = isApiError(serverError) ? Object.entries(serverError.fields) : [];
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      p="md"
      pos="sticky"
      bottom={8}
      style={{ zIndex: 5 }}
      data-testid="bot-footer"
    >
      <Stack gap="sm">
        {problems.length > 0 && (
          <Alert color="yellow" variant="light" title={t('bot.problems.title')} data-testid="bot-problems">
            {/* On a phone the footer keeps to a few lines: the editor above stays in view. */}
            <ScrollArea.Autosize mah={{ base: 72, sm: 150 }} type="auto">
              <List size="sm" spacing={2}>
                {problems.map((problem) => (
                  <List.Item key={problemKey(problem)}>
                    <Anchor component="button" type="button" size="sm" onClick={() => onShowProblem(problem)}>
                      {t(problem.code, problem.params)}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          </Alert>
        )}
        <ServerError error={serverError} />
        {fields.length > 0 && (
          <List size="sm" c="red">
            {fields.map(([path, message]) => (
              <List.Item key={path}>
                <Text span ff="monospace" size="sm">
                  {path}
                </Text>
                : {te(message)}
              </List.Item>
            ))}
          </List>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="bot-save-state">
            {dirty ? t('bot.unsaved') : t('bot.saved_state')}
          </Text>
          <Group gap="sm">
            <Button variant="default" component={Link} to={PATHS.bots}>
              {t('bot.to_list')}
            </Button>
            <Button onClick={onSave} loading={saving} disabled={!canSave}>
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
