import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { emailOnlySchema } from '../../../../functions/shared/schemas/auth';
import { sendResetCode } from '../../api/auth';
import { isApiError } from '../../api/errors';
import { ServerError } from '../../components/Alerts';
import { validateWith } from '../../components/form';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import type { AuthState } from './auth-state';

export function ForgotPasswordForm({ state }: { state: AuthState }) {
  const { t, te } = useT();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { email: state.email ?? '' },
    validate: validateWith(emailOnlySchema),
  });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const email = values.email.trim();
      const answer = await sendResetCode(email);
      const next: AuthState = { email, notice: answer.message };
      navigate(PATHS.enterCode, { state: next });
    } catch (error) {
      if (isApiError(error)) form.setErrors(error.fields);
      setServerError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.forgot.title')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('auth.forgot.hint')}
        </Text>
        <ServerError error={serverError} />
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
          error={te(form.errors.email)}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('auth.forgot.submit')}
        </Button>
        <Anchor component={Link} to={PATHS.signin} size="sm" ta="center">
          {t('auth.back_to_signin')}
        </Anchor>
      </Stack>
    </form>
  );
}
