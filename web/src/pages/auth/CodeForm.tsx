import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { emailOnlySchema, verifyEmailSchema } from '../../../../functions/shared/schemas/auth';
import type { MessageAnswer } from '../../api/auth';
import { isApiError } from '../../api/errors';
import { Notice, ServerError } from '../../components/Alerts';
import { schemaErrors, validateWith } from '../../components/form';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import type { AuthState } from './auth-state';
import { CodeField } from './CodeField';

interface CodeFormProps {
  state: AuthState;
  submitLabel: string;
  onSubmit: (email: string, code: string) => Promise<void>;
  /** Asks the server for another code; its answer is shown ('Новый код успешно отправлен'). */
  onResend: (email: string) => Promise<MessageAnswer>;
}

/** E-mail plus 6-digit code, with "send another code": shared by /verify and /enter_code. */
export function CodeForm({ state, submitLabel, onSubmit, onResend }: CodeFormProps) {
  const { t, te } = useT();
  const [serverError, setServerError] = useState<unknown>(null);
  const [notice, setNotice] = useState(state.notice);
  const [noticeIsWarning, setNoticeIsWarning] = useState(state.noticeIsWarning);
  const [resending, setResending] = useState(false);
  const form = useForm({
    initialValues: { email: state.email ?? '', code: state.code ?? '' },
    validate: validateWith(verifyEmailSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit(values.email.trim(), values.code);
    } catch (error) {
      if (isApiError(error)) form.setErrors(error.fields);
      setServerError(error);
    }
  });

  const resend = async () => {
    setServerError(null);
    const errors = schemaErrors(emailOnlySchema, { email: form.values.email });
    if (errors.email) {
      form.setFieldError('email', errors.email);
      return;
    }
    setResending(true);
    try {
      const answer = await onResend(form.values.email.trim());
      setNotice(answer.message);
      setNoticeIsWarning(false);
      form.setFieldValue('code', '');
    } catch (error) {
      setServerError(error);
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <Notice text={notice} warning={noticeIsWarning} />
        <ServerError error={serverError} />
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
          error={te(form.errors.email)}
        />
        <CodeField
          value={form.values.code}
          onChange={(code) => form.setFieldValue('code', code)}
          error={te(form.errors.code)}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          {submitLabel}
        </Button>
        <Group justify="space-between">
          <Button variant="subtle" size="compact-sm" onClick={resend} loading={resending}>
            {t('auth.resend_code')}
          </Button>
          <Anchor component={Link} to={PATHS.signin} size="sm">
            {t('auth.back_to_signin')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
