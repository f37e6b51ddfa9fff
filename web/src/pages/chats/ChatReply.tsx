import { Stack, Text } from '@mantine/core';
import { OPERATOR_MESSAGE_MAX_LENGTH } from '../../../../functions/shared/schemas/chats';
import { sendOperatorMessage } from '../../api/chats';
import { MessageComposer } from '../../components/MessageComposer';
import { useT } from '../../i18n/use-t';

/** A team member answers the customer; the bot's stop logic applies on the server. */
export function ChatReply({ chatId, onSent }: { chatId: string; onSent: () => void }) {
  const { t } = useT();
  return (
    <Stack gap="xs">
      <MessageComposer
        label={t('chats.reply')}
        placeholder={t('chats.reply_placeholder')}
        sendLabel={t('chats.send')}
        maxLength={OPERATOR_MESSAGE_MAX_LENGTH}
        onSend={async (message) => {
          await sendOperatorMessage(chatId, message);
          onSent();
        }}
      />
      <Text size="xs" c="dimmed">
        {t('chats.reply_hint')}
      </Text>
    </Stack>
  );
}
