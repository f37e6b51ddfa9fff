import { Box, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_ASSISTANT_MESSAGE, type ProposalField } from '../../../../functions/shared/assistant';
import { defaultBotSettings } from '../../../../functions/shared/schemas/bot';
import { type AssistantMessageView, useAssistantDialog } from '../../api/assistant';
import { useBots } from '../../api/bots';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { MessageComposer } from '../../components/MessageComposer';
import { formatMoney, formatTime } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { ProposalCard } from './ProposalCard';

/** One dialogue with Rex: the messages, Rex's proposals as diffs to decide, and the message box. */
export function RexDialogue({ dialogId }: { dialogId: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  const dialog = useAssistantDialog(dialogId);
  const bots = useBots();
  const [waiting, setWaiting] = useState(false);
  if (!dialog.data) {
    return dialog.error ? (
      <LoadFailed title={t('rex.dialog_load_failed')} error={dialog.error} onRetry={() => dialog.mutate()} />
    ) : (
      <PageLoader />
    );
  }
  const bot = dialog.data.bot_id ? bots.data?.find((one) => one.id === dialog.data?.bot_id) : undefined;
  const base = bot ?? defaultBotSettings();
  const send = async (text: string) => {
    setWaiting(true);
    try {
      await dialog.send(text);
    } finally {
      setWaiting(false);
    }
  };
  const accept = async (message: AssistantMessageView, fields: ProposalField[]) => {
    const created = !dialog.data?.bot_id;
    const done = await dialog.accept(message.id, fields);
    await bots.mutate();
    // A new bot opens in the editor; an improvement stays in the dialogue.
    if (created) navigate(`${PATHS.bots}/${done.bot_id}`);
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="rex-dialogue">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{t(`rex.type.${dialog.data.request_type}`)}</Text>
          {bot && (
            <Text size="sm" c="dimmed">
              {t('rex.for_bot', { name: bot.name || t('bot.untitled') })}
            </Text>
          )}
        </Group>
        <Stack gap="sm" data-testid="rex-messages">
          {dialog.data.messages.length === 0 && (
            <Text size="sm" c="dimmed">
              {t(`rex.hello.${dialog.data.request_type}`)}
            </Text>
          )}
          {dialog.data.messages.map((message) => (
            <RexMessage
              key={message.id}
              message={message}
              base={base}
              onAccept={(fields) => accept(message, fields)}
              onReject={() => dialog.reject(message.id)}
            />
          ))}
          {waiting && (
            <Group gap="xs" data-testid="rex-typing">
              <Loader size="xs" type="dots" />
              <Text size="sm" c="dimmed">
                {t('rex.typing')}
              </Text>
            </Group>
          )}
        </Stack>
        <MessageComposer
          label={t('rex.message')}
          placeholder={t('rex.message_placeholder')}
          sendLabel={t('rex.send')}
          maxLength={MAX_ASSISTANT_MESSAGE}
          onSend={send}
        />
      </Stack>
    </Paper>
  );
}

interface RexMessageProps {
  message: AssistantMessageView;
  base: Parameters<typeof ProposalCard>[0]['base'];
  onAccept: (fields: ProposalField[]) => Promise<void>;
  onReject: () => Promise<void>;
}

function RexMessage({ message, base, onAccept, onReject }: RexMessageProps) {
  const { t, lang } = useT();
  const own = message.role === 'user';
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} data-testid={`rex-message-${message.role}`}>
      <Box maw={own ? '80%' : '100%'} style={{ minWidth: 0 }}>
        <Paper radius="lg" px="md" py="xs" bg={own ? 'indigo.6' : 'gray.1'} c={own ? 'white' : undefined}>
          <Text size="xs" fw={600} opacity={0.8}>
            {own ? t('rex.you') : 'Rex'}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.text}
          </Text>
        </Paper>
        {message.proposal && (
          <ProposalCard proposal={message.proposal} base={base} onAccept={onAccept} onReject={onReject} />
        )}
        <Group gap="xs" justify={own ? 'flex-end' : 'flex-start'} mt={2} px="xs">
          <Text size="xs" c="dimmed">
            {formatTime(message.created_at)}
          </Text>
          {message.price_minor !== null && message.currency && (
            <Text size="xs" c="dimmed" data-testid="rex-price">
              {t('check.price', { price: formatMoney(message.price_minor, message.currency, lang) })}
            </Text>
          )}
        </Group>
      </Box>
    </Group>
  );
}
