import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CURRENCIES, type Currency } from '../../../../functions/shared/constants';
import { registerSchema } from '../../../../functions/shared/schemas/auth';
import { register } from '../../api/auth';
import { isApiError } from '../../api/errors';
import { clearSignupQuery } from '../../api/signup-query';
import { ServerError } from '../../components/Alerts';
import { validateWith } from '../../components/form';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PhoneInput } from '../../components/PhoneInput';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import type { AuthState } from './auth-state';

export function SignUpForm() {
  const { t, te, lang } = useT();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm({
    initialValues: {
      name: '',
      email: '',
      phone: '',
      password: '',
      password_confirmation: '',
      currency: 'rub' as Currency,
    },
    validate: validateWith(registerSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await register({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone,
        password: values.password,
        currency: values.currency,
        language: lang,
      });
      clearSignupQuery();
      const next: AuthState = { email: answer.email, notice: answer.message };
      navigate(PATHS.verify, { state: next });
    } catch (error) {
      if (isApiError(error)) form.setErrors(error.fields);
      setServerError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.signup.title')}>
      <Stack gap="md">
        <ServerError error={serverError} />
        <TextInput
          label={t('auth.name')}
          autoComplete="name"
          {...form.getInputProps('name')}
          error={te(form.errors.name)}
        />
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
          error={te(form.errors.email)}
        />
        <PhoneInput label={t('auth.phone')} {...form.getInputProps('phone')} error={te(form.errors.phone)} />
        <NewPasswordFields
          form={form}
          passwordField="password"
          confirmationField="password_confirmation"
          passwordLabel={t('auth.password')}
        />
        <NativeSelect
          label={t('auth.currency')}
          data={CURRENCIES.map((value) => ({ value, label: t(`currency.${value}`) }))}
          {...form.getInputProps('currency')}
          error={te(form.errors.currency)}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('auth.signup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
