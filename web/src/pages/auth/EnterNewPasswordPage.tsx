import { Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { passwordPairChecks } from '../../../../functions/shared/schemas/auth';
import { password } from '../../../../functions/shared/schemas/fields';
import { resetPassword } from '../../api/auth';
import { isApiError } from '../../api/errors';
import { ServerError } from '../../components/Alerts';
import { validateWith } from '../../components/form';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { AuthFrame } from './AuthFrame';
import { type AuthState, useAuthState } from './auth-state';

const newPasswordFields = v.object({ password, password_confirmation: password });
const newPasswordSchema = v.pipe(
  newPasswordFields,
  passwordPairChecks<v.InferOutput<typeof newPasswordFields>>('password', 'password_confirmation'),
);

const CODE_ERRORS = ['code_invalid', 'code_expired', 'code_attempts_exceeded'];

/** /enter_new_password: the last reset step; needs the e-mail and code from /enter_code. */
export function EnterNewPasswordPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const state = useAuthState();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { password: '', password_confirmation: '' },
    validate: validateWith(newPasswordSchema),
  });

  const { email, code } = state;
  if (!email || !code) return <Navigate to={PATHS.forgotPassword} replace />;

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await resetPassword(email, code, values.password);
      const next: AuthState = { email, notice: answer.message };
      navigate(PATHS.signin, { state: next, replace: true });
    } catch (error) {
      if (isApiError(error) && error.fields.password) form.setFieldError('password', error.fields.password);
      setServerError(error);
    }
  });

  const codeRefused = isApiError(serverError) && CODE_ERRORS.includes(serverError.code ?? '');
  const backToCode: AuthState = { email };

  return (
    <AuthFrame title={t('auth.new_password.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ServerError error={serverError} />
          {codeRefused && (
            <Anchor component={Link} to={PATHS.enterCode} state={backToCode} size="sm">
              {t('auth.new_password.reenter_code')}
            </Anchor>
          )}
          <NewPasswordFields
            form={form}
            passwordField="password"
            confirmationField="password_confirmation"
            passwordLabel={t('auth.new_password.password')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('auth.new_password.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
