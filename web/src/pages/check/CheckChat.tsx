import { Badge, Button, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { CHECK_MESSAGE_MAX_LENGTH } from '../../../../functions/shared/schemas/check';
import type { BotView } from '../../api/bots';
import { useCheckDialogue } from '../../api/check';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorModal } from '../../components/ErrorModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { MessageComposer } from '../../components/MessageComposer';
import { notifyError } from '../../components/notify';
import { useT } from '../../i18n/use-t';
import { MessageBubble } from './MessageBubble';
import { TypingIndicator } from './TypingIndicator';

const STATE_COLORS = { working: 'green', stopped: 'red', paused: 'yellow' } as const;

interface CheckChatProps {
  bot: BotView;
  /** A new answer arrived (it was paid for: the balance changed). */
  onAnswer: () => void;
}

/** The check dialogue with one bot: messages, the wait for the answer, sending and clearing. */
export function CheckChat({ bot, onAnswer }: CheckChatProps) {
  const { t } = useT();
  const { data: dialogue, error, mutate, send, clear } = useCheckDialogue(bot.id);
  const [clearing, setClearing] = useState<'ask' | 'busy' | null>(null);
  const viewport = useRef<HTMLDivElement>(null);

  const messages = dialogue?.messages ?? [];
  const dueAt = dialogue?.answer_due_at ?? null;

  // The newest message (and the typing line) stays in view, as in a messenger.
  const last = messages.at(-1);
  const lastId = last?.id;
  useEffect(() => {
    if (lastId === undefined && !dueAt) return;
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [lastId, dueAt]);

  const answered = last?.author === 'bot' ? last.id : null;
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;
  useEffect(() => {
    if (answered) onAnswerRef.current();
  }, [answered]);

  const confirmClear = async () => {
    setClearing('busy');
    try {
      await clear();
      setClearing(null);
    } catch (failure) {
      notifyError(failure);
      setClearing('ask');
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('check.dialogue')}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Text fw={600}>{t('check.dialogue')}</Text>
          {dialogue && (
            <Badge color={STATE_COLORS[dialogue.state]} variant="light" data-testid="check-state">
              {t(`check.state.${dialogue.state}`)}
            </Badge>
          )}
        </Group>
        <Button
          size="xs"
          variant="default"
          disabled={messages.length === 0}
          onClick={() => setClearing('ask')}
        >
          {t('check.clear')}
        </Button>
      </Group>

      <ScrollArea h={420} viewportRef={viewport} type="auto" offsetScrollbars>
        {!dialogue && !error ? (
          <PageLoader />
        ) : (
          <Stack gap="sm" p="xs" data-testid="check-messages">
            {messages.length === 0 && !dueAt && (
              <Text size="sm" c="dimmed" ta="center" py="xl">
                {t('check.empty')}
              </Text>
            )}
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} />
            ))}
            {dueAt && <TypingIndicator dueAt={dueAt} />}
          </Stack>
        )}
      </ScrollArea>

      <Stack mt="sm">
        <MessageComposer
          label={t('check.message')}
          placeholder={t('check.message_placeholder')}
          sendLabel={t('check.send')}
          maxLength={CHECK_MESSAGE_MAX_LENGTH}
          onSend={send}
        />
      </Stack>

      <ErrorModal error={error} onRetry={() => mutate()} />
      <ConfirmModal
        opened={clearing !== null}
        title={t('check.clear_title')}
        confirmLabel={t('check.clear')}
        loading={clearing === 'busy'}
        onConfirm={confirmClear}
        onClose={() => setClearing(null)}
      >
        {t('check.clear_text')}
      </ConfirmModal>
    </Paper>
  );
}
