import {
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  type EventWebhookDeliveryView,
  type EventWebhookEndpointView,
  useEventWebhookDeliveries,
} from '../../api/event-webhooks';
import { LoadFailed } from '../../components/Alerts';
import { PageLoader } from '../../components/FullScreenLoader';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDateTime } from '../../i18n/format';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

const STATUS_COLOR = { pending: 'blue', delivered: 'teal', failed: 'red' } as const;

/** One endpoint's deliveries, newest first, a page at a time, each with its resend button. */
export function EventWebhookDeliveriesModal({
  endpoint,
  onClose,
}: {
  endpoint: EventWebhookEndpointView | null;
  onClose: () => void;
}) {
  const { t, lang } = useT();
  const [page, setPage] = useState(1);
  const [resending, setResending] = useState<string | null>(null);
  const { data, error, mutate, resend } = useEventWebhookDeliveries(endpoint?.id ?? null, page);
  useEffect(() => {
    if (endpoint) setPage(1);
  }, [endpoint]);

  const sendAgain = async (delivery: EventWebhookDeliveryView) => {
    setResending(delivery.id);
    try {
      await resend(delivery.id);
      notifySuccess(translate('event_webhooks.resent'));
    } catch (failure) {
      notifyError(failure);
    } finally {
      setResending(null);
    }
  };

  const status = (delivery: EventWebhookDeliveryView) => (
    <Badge
      color={STATUS_COLOR[delivery.status]}
      variant="light"
      data-testid="delivery-status"
      style={{ minWidth: 'max-content' }}
    >
      {t(`event_webhooks.delivery.${delivery.status}`)}
    </Badge>
  );
  const answer = (delivery: EventWebhookDeliveryView) => {
    const parts = [delivery.lastStatus ? `HTTP ${delivery.lastStatus}` : null, delivery.lastError].filter(
      Boolean,
    );
    if (parts.length === 0) return delivery.attempts > 0 ? t('event_webhooks.delivery.no_answer') : '—';
    return parts.join(' · ');
  };
  const when = (delivery: EventWebhookDeliveryView) => (
    <>
      {formatDateTime(delivery.deliveredAt ?? delivery.createdAt, lang)}
      {delivery.nextAttemptAt && delivery.attempts > 0 && (
        <Text size="xs" c="dimmed">
          {t('event_webhooks.delivery.next', { time: formatDateTime(delivery.nextAttemptAt, lang) })}
        </Text>
      )}
    </>
  );
  const resendButton = (delivery: EventWebhookDeliveryView) => (
    <Button
      size="compact-xs"
      variant="default"
      disabled={delivery.status === 'pending'}
      loading={resending === delivery.id}
      aria-label={t('event_webhooks.resend_named', { id: delivery.id })}
      onClick={() => sendAgain(delivery)}
    >
      {t('event_webhooks.resend')}
    </Button>
  );

  let body = null;
  if (!data) {
    body = error ? (
      <LoadFailed title={t('event_webhooks.deliveries_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      <PageLoader />
    );
  } else if (data.total === 0) {
    body = (
      <EmptyState size="sm" data-testid="deliveries-empty">
        <EmptyState.Title order={4}>{t('event_webhooks.deliveries_empty_title')}</EmptyState.Title>
        <EmptyState.Description>{t('event_webhooks.deliveries_empty_text')}</EmptyState.Description>
      </EmptyState>
    );
  } else {
    const { deliveries } = data;
    body = (
      <Stack gap="md">
        <Table.ScrollContainer minWidth={640} visibleFrom="sm">
          <Table verticalSpacing="xs" data-testid="deliveries-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('event_webhooks.column.event')}</Table.Th>
                <Table.Th>{t('event_webhooks.column.status')}</Table.Th>
                <Table.Th>{t('event_webhooks.column.attempts')}</Table.Th>
                <Table.Th>{t('event_webhooks.column.answer')}</Table.Th>
                <Table.Th>{t('event_webhooks.column.time')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.map((delivery) => (
                <Table.Tr key={delivery.id} data-testid="delivery-row">
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {delivery.event}
                    </Text>
                  </Table.Td>
                  <Table.Td>{status(delivery)}</Table.Td>
                  <Table.Td>{delivery.attempts}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {answer(delivery)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" component="div">
                      {when(delivery)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{resendButton(delivery)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap="xs" hiddenFrom="sm" data-testid="deliveries-cards">
          {deliveries.map((delivery) => (
            <Paper key={delivery.id} withBorder radius="md" p="sm">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text ff="monospace" size="sm">
                    {delivery.event}
                  </Text>
                  {status(delivery)}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('event_webhooks.column.attempts')}: {delivery.attempts} · {answer(delivery)}
                </Text>
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed" component="div">
                    {when(delivery)}
                  </Text>
                  {resendButton(delivery)}
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="deliveries-total">
            {t('event_webhooks.deliveries_total', { count: data.total })}
          </Text>
          <Pagination
            total={Math.ceil(data.total / data.pageSize)}
            value={data.page}
            onChange={setPage}
            hideWithOnePage
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`history.page.${control}`) })}
          />
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened={endpoint !== null}
      onClose={onClose}
      title={endpoint ? t('event_webhooks.deliveries_title', { name: endpoint.url }) : ''}
      size={960}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { wordBreak: 'break-all' } }}
    >
      {body}
    </Modal>
  );
}
