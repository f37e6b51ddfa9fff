import { Checkbox, Stack } from '@mantine/core';
import { BOT_TEXT_LIMITS } from '../../../../../functions/shared/schemas/bot';
import type { BotInfoTransfer } from '../../../../../functions/shared/schemas/bot-conditions';
import { MentionTextarea } from '../../../components/MentionTextarea';
import { useT } from '../../../i18n/use-t';
import { problemAt } from './draft';
import { Section, type TabProps } from './Section';

const TRANSFER_OPTIONS = ['send_summary', 'send_variables', 'notify_recipients'] as const;

/** Contact information the bot gives out, and what it passes on when a dialogue ends. */
export function AdditionalTab({ draft, set, problems, mentions }: TabProps) {
  const { t } = useT();
  const transfer = draft.info_transfer;
  const change = (changes: Partial<BotInfoTransfer>) => set('info_transfer', { ...transfer, ...changes });
  return (
    <Stack gap="lg">
      <Section title={t('bot.contact_info.title')} hint={t('bot.contact_info.hint')}>
        <MentionTextarea
          label={t('bot.contact_info')}
          minRows={3}
          limit={1000}
          maxLength={BOT_TEXT_LIMITS.contact_info}
          options={mentions}
          value={draft.contact_info}
          onChange={(value) => set('contact_info', value)}
          error={problemAt(problems, 'contact_info', t)}
        />
      </Section>
      <Section title={t('bot.transfer.title')} hint={t('bot.transfer.hint')}>
        {TRANSFER_OPTIONS.map((option) => (
          <Checkbox
            key={option}
            label={t(`bot.transfer.${option}`)}
            description={t(`bot.transfer.${option}.hint`)}
            checked={transfer[option]}
            onChange={(event) => change({ [option]: event.currentTarget.checked })}
          />
        ))}
      </Section>
    </Stack>
  );
}
