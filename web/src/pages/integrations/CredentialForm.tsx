import { Button, Group, PasswordInput, Stack } from '@mantine/core';
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
  save: (value: string) => Promise<unknown>;
}

/**
 * A credential an integration connects with (a bot token, an API key): typed, checked for its shape,
 * saved, and never shown back in full — the masked saved one stands in the empty field.
 */
export function CredentialForm(props: CredentialFormProps) {
  const { t } = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!props.pattern.test(typed)) {
      setError(typed === '' ? props.requiredText : props.invalidText);
      return;
    }
    setBusy(true);
    try {
      await props.save(typed);
      setValue('');
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
