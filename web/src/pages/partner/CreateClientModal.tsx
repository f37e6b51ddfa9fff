import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { CURRENCIES, type Currency } from '../../../../functions/shared/constants';
import { createClientSchema } from '../../../../functions/shared/schemas/partner';
import { isApiError } from '../../api/errors';
import { createClient, type PartnerClient } from '../../api/partner';
import { ServerError } from '../../components/Alerts';
import { validateWith } from '../../components/form';
import { useT } from '../../i18n/use-t';

interface CreateClientModalProps {
  opened: boolean;
  /** The partner's own currency is offered first. */
  currency: Currency;
  onClose: () => void;
  onCreated: (client: PartnerClient) => void;
}

/** "Создать клиента": name, e-mail and currency (SPEC §6); the server's field refusals show under the fields. */
export function CreateClientModal({ opened, currency, onClose, onCreated }: CreateClientModalProps) {
  const { t, te } = useT();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { name: '', email: '', currency },
    validate: validateWith(createClientSchema),
  });

  const close = () => {
    form.reset();
    setServerError(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const client = await createClient({
        name: values.name.trim(),
        email: values.email.trim(),
        currency: values.currency,
      });
      form.reset();
      onCreated(client);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      else setServerError(error);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('partner.create.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate aria-label={t('partner.create.title')}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('partner.create.hint')}
          </Text>
          <ServerError error={serverError} />
          <TextInput
            label={t('auth.name')}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('name')}
            error={te(form.errors.name)}
          />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="off"
            {...form.getInputProps('email')}
            error={te(form.errors.email)}
          />
          <NativeSelect
            label={t('auth.currency')}
            data={CURRENCIES.map((value) => ({ value, label: t(`currency.${value}`) }))}
            {...form.getInputProps('currency')}
            error={te(form.errors.currency)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={form.submitting}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('partner.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
