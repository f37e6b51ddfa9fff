import { Button, CloseButton, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { MAX_TELEGRAM_RECIPIENTS } from '../../../../functions/shared/constants';
import type { SharedMessageKey } from '../../../../functions/shared/messages';
import { TELEGRAM_RECIPIENT } from '../../../../functions/shared/schemas/profile';
import { errorText } from '../../api/errors';
import { type Profile, useProfileActions } from '../../api/profile';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notifyError, notifySuccess } from '../../components/notify';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { ProfileSection } from './ProfileSection';

/** Same comparison as the server: usernames ignore case and the leading @, chat ids are exact. */
const recipientKey = (contact: string) =>
  /^-?\d+$/.test(contact) ? contact : contact.replace(/^@/, '').toLowerCase();

function recipientProblem(contact: string, existing: string[]): SharedMessageKey | null {
  if (!TELEGRAM_RECIPIENT.test(contact)) return 'recipient_format';
  const key = recipientKey(contact);
  if (existing.some((item) => recipientKey(item) === key)) return 'recipient_duplicate';
  if (existing.length >= MAX_TELEGRAM_RECIPIENTS) return 'recipients_limit';
  return null;
}

/** Telegram notification recipients: the whole list is sent on every change (POST /api/profile/tg). */
export function TelegramCard({ profile }: { profile: Profile }) {
  const { t, te } = useT();
  const { saveRecipients } = useProfileActions();
  const [removing, setRemoving] = useState<string | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const recipients = profile.notifications;
  const form = useForm({
    initialValues: { contact: '' },
    validate: (values) => {
      const problem = recipientProblem(values.contact.trim(), recipients);
      return problem ? { contact: problem } : {};
    },
  });

  const add = form.onSubmit(async (values) => {
    try {
      await saveRecipients([...recipients, values.contact.trim()]);
      form.reset();
      notifySuccess(translate('profile.telegram.added'));
    } catch (error) {
      form.setFieldError('contact', errorText(error));
    }
  });

  const remove = async () => {
    if (removing === null) return;
    setRemoveBusy(true);
    try {
      await saveRecipients(recipients.filter((item) => item !== removing));
      setRemoving(null);
      notifySuccess(translate('profile.telegram.removed'));
    } catch (error) {
      notifyError(error);
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <ProfileSection title={t('profile.telegram.title')} testId="profile-telegram">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('profile.telegram.hint')}
        </Text>
        {recipients.length === 0 ? (
          <Text size="sm" data-testid="telegram-empty">
            {t('profile.telegram.empty')}
          </Text>
        ) : (
          <List spacing="xs" listStyleType="none" aria-label={t('profile.telegram.list')}>
            {recipients.map((contact) => (
              <List.Item key={contact}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{contact}</Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('profile.telegram.remove', { contact })}
                    onClick={() => setRemoving(contact)}
                  />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <form onSubmit={add} noValidate aria-label={t('profile.telegram.add')}>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              flex={1}
              label={t('profile.telegram.contact')}
              placeholder={t('profile.telegram.placeholder')}
              {...form.getInputProps('contact')}
              error={te(form.errors.contact)}
            />
            <Button type="submit" mt={25} loading={form.submitting}>
              {t('profile.telegram.add')}
            </Button>
          </Group>
        </form>
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={t('profile.telegram.remove_title')}
        confirmLabel={t('common.delete')}
        loading={removeBusy}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      >
        {t('profile.telegram.remove_text', { contact: removing ?? '' })}
      </ConfirmModal>
    </ProfileSection>
  );
}
