import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/use-t';

interface CredentialFormProps {
  label: string;
  /** Shown under the field: how to get the credential, or that a saved one is kept. */
  description: string;
  /** The masked saved value, or an example of the shape. */
  placeholder: string;
  pattern: RegExp;
  requiredText: string;
  invalidText: string;
  savedText: string;
  /** A login typed above the secret (a user's password connection): required with it. */
  login?: {
    label: string;
    placeholder: string;
    requiredText: string;
    /** The login's shape (Avito's client id), with the text shown when it does not match. */
    pattern?: RegExp;
    invalidText?: string;
  };
  save: (value: string, login: string) => Promise<unknown>;
}

/**
 * A credential an integration connects with (a bot token, an API key, a user's login and password):
 * typed, checked for its shape, saved, and never shown back in full — the masked saved one stands in
 * the empty field.
 */
export function CredentialForm(props: CredentialFormProps) {
  const { t } = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [login, setLogin] = useState('');
  const [loginError, setLoginError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    const typedLogin = login.trim();
    const missingLogin = props.login !== undefined && typedLogin === '';
    const badLogin =
      !missingLogin && props.login?.pattern !== undefined && !props.login.pattern.test(typedLogin);
    if (missingLogin) setLoginError(props.login?.requiredText ?? null);
    if (badLogin) setLoginError(props.login?.invalidText ?? null);
    if (!props.pattern.test(typed)) {
      setError(typed === '' ? props.requiredText : props.invalidText);
      return;
    }
    if (missingLogin || badLogin) return;
    setBusy(true);
    try {
      await props.save(typed, typedLogin);
      setValue('');
      setLogin('');
      notifySuccess(props.savedText);
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        {props.login && (
          <TextInput
            label={props.login.label}
            placeholder={props.login.placeholder}
            autoComplete="off"
            spellCheck={false}
            value={login}
            error={loginError}
            onChange={(event) => {
              setLogin(event.currentTarget.value);
              setLoginError(null);
            }}
          />
        )}
        <PasswordInput
          label={props.label}
          description={props.description}
          placeholder={props.placeholder}
          autoComplete="off"
          spellCheck={false}
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group>
          <Button type="submit" variant="default" loading={busy}>
            {t('integrations.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
