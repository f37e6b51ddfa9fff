import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useT } from '../i18n/use-t';

interface Props<V extends Record<string, unknown>> {
  form: UseFormReturnType<V>;
  /** The form's field names for the password and its confirmation. */
  passwordField: keyof V & string;
  confirmationField: keyof V & string;
  passwordLabel: string;
}

/** A new password with the §5 hint and its confirmation, as sign-up, reset and the profile ask for it. */
export function NewPasswordFields<V extends Record<string, unknown>>({
  form,
  passwordField,
  confirmationField,
  passwordLabel,
}: Props<V>) {
  const { t, te } = useT();
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        description={t('auth.password_hint')}
        autoComplete="new-password"
        {...form.getInputProps(passwordField)}
        error={te(form.errors[passwordField])}
      />
      <PasswordInput
        label={t('auth.password_confirmation')}
        autoComplete="new-password"
        {...form.getInputProps(confirmationField)}
        error={te(form.errors[confirmationField])}
      />
    </>
  );
}
