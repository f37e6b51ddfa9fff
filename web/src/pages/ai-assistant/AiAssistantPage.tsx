import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n/use-t';
import { DialogHistory } from './DialogHistory';
import { RexDialogue } from './RexDialogue';

/**
 * /ai_assistant (SPEC §2): Rex. The history of dialogues and a way to start one (create a bot or
 * improve one) beside the open dialogue; one column on phones. The open dialogue is in the address.
 */
export function AiAssistantPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const openId = params.get('dialog');
  const open = (id: string) => setParams({ dialog: id });
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('section.ai_assistant.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('rex.intro')}
        </Text>
      </div>
      <Grid>
        {/* On a phone the open dialogue comes first; the history follows it. */}
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: openId ? 2 : 1, md: 1 }}>
          <DialogHistory openId={openId} onOpen={open} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: openId ? 1 : 2, md: 2 }}>
          {openId ? (
            <RexDialogue key={openId} dialogId={openId} />
          ) : (
            <Paper withBorder radius="md" p="xl" data-testid="rex-pick">
              <Text c="dimmed" ta="center">
                {t('rex.pick')}
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
