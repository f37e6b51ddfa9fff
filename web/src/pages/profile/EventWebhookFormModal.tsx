import { Button, Checkbox, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { EVENT_TYPES, type EventType } from '../../../../functions/shared/event-webhooks';
import { createEventWebhookSchema } from '../../../../functions/shared/schemas/event-webhooks';
import { isApiError } from '../../api/errors';
import type { EventWebhookEndpointView, EventWebhookInput } from '../../api/event-webhooks';
import { ServerError } from '../../components/Alerts';
import { validateWith } from '../../components/form';
import { useT } from '../../i18n/use-t';

interface EventWebhookFormModalProps {
  opened: boolean;
  /** The endpoint being edited; null adds a new one. */
  endpoint: EventWebhookEndpointView | null;
  onSubmit: (values: EventWebhookInput & { enabled: boolean }) => Promise<void>;
  onClose: () => void;
}

interface Values {
  url: string;
  events: EventType[];
  enabled: boolean;
}

const valuesOf = (endpoint: EventWebhookEndpointView | null): Values => ({
  url: endpoint?.url ?? '',
  events: endpoint?.events ?? [],
  enabled: endpoint?.enabled ?? true,
});

/** Adding and editing an endpoint: its address, the events it gets and, when editing, on or off. */
export function EventWebhookFormModal({ opened, endpoint, onSubmit, onClose }: EventWebhookFormModalProps) {
  const { t, te } = useT();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<Values>({
    initialValues: valuesOf(endpoint),
    validate: (values) => validateWith(createEventWebhookSchema)({ url: values.url, events: values.events }),
  });
  const { setValues, resetDirty, clearErrors } = form;

  useEffect(() => {
    if (!opened) return;
    const initial = valuesOf(endpoint);
    setValues(initial);
    resetDirty(initial);
    clearErrors();
    setServerError(null);
  }, [opened, endpoint, setValues, resetDirty, clearErrors]);

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit({ ...values, url: values.url.trim() });
    } catch (error) {
      if (isApiError(error)) form.setErrors(error.fields);
      setServerError(error);
    }
  });

  const title = endpoint ? t('event_webhooks.edit_title') : t('event_webhooks.create_title');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <ServerError error={serverError} />
          <TextInput
            label={t('event_webhooks.url')}
            description={t('event_webhooks.url_hint')}
            placeholder="https://example.com/webhooks"
            data-autofocus
            inputMode="url"
            {...form.getInputProps('url')}
            error={te(form.errors.url)}
          />
          <Checkbox.Group
            label={t('event_webhooks.events')}
            {...form.getInputProps('events')}
            error={te(form.errors.events)}
          >
            <Stack gap={6} mt={6}>
              {EVENT_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={
                    <Text size="sm" component="span">
                      <Text span ff="monospace" size="sm">
                        {type}
                      </Text>
                      {' — '}
                      {t(`event_webhooks.event.${type}`)}
                    </Text>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {endpoint && (
            <Switch
              label={t('event_webhooks.enabled')}
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {endpoint ? t('common.save') : t('event_webhooks.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
