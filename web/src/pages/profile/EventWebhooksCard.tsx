import { Alert, Badge, Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { MAX_EVENT_WEBHOOK_ENDPOINTS } from '../../../../functions/shared/event-webhooks';
import {
  type CreatedEventWebhookEndpoint,
  type EventWebhookEndpointView,
  type EventWebhookInput,
  useEventWebhooks,
} from '../../api/event-webhooks';
import { LoadFailed } from '../../components/Alerts';
import { ConfirmDeleteModal, DeleteRowButton, useConfirmedDelete } from '../../components/ConfirmDelete';
import { PageLoader } from '../../components/FullScreenLoader';
import { notifySuccess } from '../../components/notify';
import { formatDateTime } from '../../i18n/format';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { EventWebhookDeliveriesModal } from './EventWebhookDeliveriesModal';
import { EventWebhookFormModal } from './EventWebhookFormModal';
import { EventWebhookSecretModal } from './EventWebhookSecretModal';
import { ProfileSection } from './ProfileSection';

/** A status badge keeps its whole label: a narrow row wraps instead. */
const NO_SHRINK = { minWidth: 'max-content' } as const;

type Editing = { endpoint: EventWebhookEndpointView | null } | null;

/** Event webhooks (issue #27 §3): the account's endpoints, their secret shown once, their deliveries. */
export function EventWebhooksCard() {
  const { t, lang } = useT();
  const { data, error, isLoading, mutate, create, update, remove } = useEventWebhooks();
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<CreatedEventWebhookEndpoint | null>(null);
  const [viewing, setViewing] = useState<EventWebhookEndpointView | null>(null);
  const deletion = useConfirmedDelete<EventWebhookEndpointView>({
    remove: (endpoint) => remove(endpoint.id),
    deletedMessage: 'event_webhooks.deleted',
  });
  const endpoints = data?.endpoints;
  const limitReached = (endpoints?.length ?? 0) >= MAX_EVENT_WEBHOOK_ENDPOINTS;

  const save = async ({ enabled, ...input }: EventWebhookInput & { enabled: boolean }) => {
    const endpoint = editing?.endpoint;
    if (endpoint) {
      await update(endpoint.id, { ...input, ...(enabled !== endpoint.enabled ? { enabled } : {}) });
      setEditing(null);
      notifySuccess(translate('event_webhooks.saved'));
      return;
    }
    const made = await create(input);
    setEditing(null);
    setCreated(made);
  };

  const status = (endpoint: EventWebhookEndpointView) => {
    if (endpoint.disabledAt)
      return (
        <Badge color="red" variant="light" style={NO_SHRINK}>
          {t('event_webhooks.status.disabled')}
        </Badge>
      );
    return (
      <Badge color={endpoint.enabled ? 'teal' : 'gray'} variant="light" style={NO_SHRINK}>
        {endpoint.enabled ? t('event_webhooks.status.on') : t('event_webhooks.status.off')}
      </Badge>
    );
  };

  const problem = (endpoint: EventWebhookEndpointView) => {
    if (endpoint.disabledAt)
      return (
        <Alert color="red" variant="light" p="xs" data-testid="event-webhook-disabled">
          <Text size="sm">
            {t('event_webhooks.status.disabled_text', {
              date: formatDateTime(endpoint.disabledAt, lang),
              since: formatDateTime(endpoint.failingSince ?? endpoint.disabledAt, lang),
            })}
          </Text>
        </Alert>
      );
    if (endpoint.failingSince && endpoint.enabled)
      return (
        <Text size="sm" c="orange.8">
          {t('event_webhooks.status.failing', { since: formatDateTime(endpoint.failingSince, lang) })}
        </Text>
      );
    return null;
  };

  let body: ReactNode;
  if (endpoints === undefined) {
    body = error ? (
      <LoadFailed title={t('event_webhooks.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      isLoading && <PageLoader />
    );
  } else if (endpoints.length === 0) {
    body = (
      <EmptyState size="sm" data-testid="event-webhooks-empty">
        <EmptyState.Title order={4}>{t('event_webhooks.empty_title')}</EmptyState.Title>
        <EmptyState.Description>{t('event_webhooks.empty_text')}</EmptyState.Description>
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="sm">
        {endpoints.map((endpoint) => (
          <Paper key={endpoint.id} withBorder radius="md" p="sm" data-testid="event-webhook-row">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                {status(endpoint)}
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={t('event_webhooks.deliveries_named', { name: endpoint.url })}
                    onClick={() => setViewing(endpoint)}
                  >
                    {t('event_webhooks.deliveries')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={t('event_webhooks.edit_named', { name: endpoint.url })}
                    onClick={() => setEditing({ endpoint })}
                  >
                    {t('common.edit')}
                  </Button>
                  <DeleteRowButton
                    label={t('event_webhooks.delete_named', { name: endpoint.url })}
                    onClick={() => deletion.ask(endpoint)}
                  />
                </Group>
              </Group>
              <Text size="sm" fw={500} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {endpoint.url}
              </Text>
              <Group gap={6}>
                {endpoint.events.map((event) => (
                  <Badge
                    key={event}
                    variant="outline"
                    color="gray"
                    tt="none"
                    title={t(`event_webhooks.event.${event}`)}
                  >
                    {event}
                  </Badge>
                ))}
              </Group>
              {problem(endpoint)}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <ProfileSection
      title={t('event_webhooks.title')}
      testId="profile-event-webhooks"
      actions={
        <Button
          size="xs"
          onClick={() => setEditing({ endpoint: null })}
          disabled={!endpoints || limitReached}
        >
          {t('event_webhooks.create')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed" mb="xs">
        {t('event_webhooks.hint')}
      </Text>
      {endpoints && (
        <Text size="sm" c="dimmed" mb="md">
          {t('event_webhooks.count', { count: endpoints.length, max: MAX_EVENT_WEBHOOK_ENDPOINTS })}
        </Text>
      )}
      {body}
      <EventWebhookFormModal
        opened={editing !== null}
        endpoint={editing?.endpoint ?? null}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <EventWebhookSecretModal created={created} onClose={() => setCreated(null)} />
      <EventWebhookDeliveriesModal endpoint={viewing} onClose={() => setViewing(null)} />
      <ConfirmDeleteModal
        deletion={deletion}
        title={t('event_webhooks.delete_title')}
        text={(endpoint) => t('event_webhooks.delete_text', { name: endpoint.url })}
      />
    </ProfileSection>
  );
}
