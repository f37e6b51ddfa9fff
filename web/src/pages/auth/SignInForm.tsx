import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { loginSchema } from '../../../../functions/shared/schemas/auth';
import { login } from '../../api/auth';
import { isApiError } from '../../api/errors';
import { signIn } from '../../api/session';
import { Notice, ServerError } from '../../components/Alerts';
import { validateWith } from '../../components/form';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import type { AuthState } from './auth-state';

export function SignInForm({ state }: { state: AuthState }) {
  const { t, te } = useT();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { email: state.email ?? '', password: '' },
    validate: validateWith(loginSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const { token } = await login(values.email.trim(), values.password);
      // The guard on this page then goes to the remembered chats link or home.
      signIn(token);
    } catch (error) {
      if (isApiError(error, 'email_not_verified')) {
        const next: AuthState = { email: values.email.trim(), notice: error.serverMessage ?? undefined };
        navigate(PATHS.verify, { state: { ...next, noticeIsWarning: true } });
        return;
      }
      if (isApiError(error)) form.setErrors(error.fields);
      setServerError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.signin.title')}>
      <Stack gap="md">
        <Notice text={state.notice} warning={state.noticeIsWarning} />
        <ServerError error={serverError} />
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
          error={te(form.errors.email)}
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          {...form.getInputProps('password')}
          error={te(form.errors.password)}
        />
        <Anchor component={Link} to={PATHS.forgotPassword} size="sm">
          {t('auth.forgot_link')}
        </Anchor>
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('auth.signin.submit')}
        </Button>
      </Stack>
    </form>
  );
}
