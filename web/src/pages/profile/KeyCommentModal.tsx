import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { apiKeyCommentSchema } from '../../../../functions/shared/schemas/profile';
import { isApiError } from '../../api/errors';
import { ServerError } from '../../components/Alerts';
import { validateWith } from '../../components/form';
import { useT } from '../../i18n/use-t';

interface KeyCommentModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initialComment: string;
  onSubmit: (comment: string) => Promise<void>;
  onClose: () => void;
}

/** Creating a key and editing its comment ask for the same one field. */
export function KeyCommentModal({
  opened,
  title,
  submitLabel,
  initialComment,
  onSubmit,
  onClose,
}: KeyCommentModalProps) {
  const { t, te } = useT();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { comment: initialComment },
    validate: validateWith(apiKeyCommentSchema),
  });
  const { setValues, resetDirty, clearErrors } = form;

  useEffect(() => {
    if (!opened) return;
    setValues({ comment: initialComment });
    resetDirty({ comment: initialComment });
    clearErrors();
    setServerError(null);
  }, [opened, initialComment, setValues, resetDirty, clearErrors]);

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit(values.comment.trim());
    } catch (error) {
      if (isApiError(error)) form.setErrors(error.fields);
      setServerError(error);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <ServerError error={serverError} />
        <TextInput
          label={t('keys.comment')}
          description={t('keys.comment_hint')}
          data-autofocus
          {...form.getInputProps('comment')}
          error={te(form.errors.comment)}
          my="md"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={form.submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
