import { Button, EmptyState, Group, Pagination, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Currency } from '../../../../functions/shared/constants';
import { type PartnerClient, usePartnerClients } from '../../api/partner';
import { ErrorModal } from '../../components/ErrorModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/use-t';
import { type ClientPayment, ClientsTable } from './ClientsTable';
import { CreateClientModal } from './CreateClientModal';
import { PaySubscriptionModal } from './PaySubscriptionModal';
import { TopUpClientModal } from './TopUpClientModal';
import { useEnterClient } from './use-enter-client';

interface ClientsSectionProps {
  currency: Currency;
  /** Opens the partner balance's top-up (a payment dialog offers it when money is short). */
  onTopUpPartner: () => void;
}

/**
 * The partner's clients: search, the list page by page, creating one, switching into one, and paying
 * for one from the partner balance.
 */
export function ClientsSection({ currency, onTopUpPartner }: ClientsSectionProps) {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, error, isLoading, mutate } = usePartnerClients({ q, page });
  const [search, setSearch] = useState(q);
  const [creating, setCreating] = useState(false);
  const { entering, enter } = useEnterClient();
  const [paying, setPaying] = useState<{ client: PartnerClient; payment: ClientPayment } | null>(null);
  const closePayment = () => setPaying(null);
  const topUpPartner = () => {
    setPaying(null);
    onTopUpPartner();
  };

  const go = (nextQ: string, nextPage = 1) => {
    const query: Record<string, string> = { page: String(nextPage) };
    if (nextQ) query.q = nextQ;
    setParams(query);
  };
  const find = (event: FormEvent) => {
    event.preventDefault();
    go(search.trim());
  };
  const created = async (client: PartnerClient) => {
    setCreating(false);
    notifySuccess(t('partner.create.done', { name: client.name }));
    setSearch('');
    if (q || page !== 1) go('');
    await mutate();
  };

  let body = null;
  if (!data) body = isLoading ? <PageLoader /> : null;
  else if (data.clients.length === 0)
    body = (
      <EmptyState data-testid="partner-clients-empty">
        <EmptyState.Title order={3}>
          {t(q ? 'partner.clients.not_found_title' : 'partner.clients.empty_title')}
        </EmptyState.Title>
        <EmptyState.Description>
          {t(q ? 'partner.clients.not_found_text' : 'partner.clients.empty_text')}
        </EmptyState.Description>
      </EmptyState>
    );
  else
    body = (
      <>
        <ClientsTable
          clients={data.clients}
          entering={entering}
          onEnter={enter}
          onPay={(client, payment) => setPaying({ client, payment })}
        />
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed" data-testid="partner-clients-total">
            {t('partner.clients.total', { count: data.total })}
          </Text>
          <Pagination
            total={Math.ceil(data.total / data.per_page)}
            value={data.page}
            onChange={(next) => go(q, next)}
            hideWithOnePage
            getControlProps={(control) => ({ 'aria-label': t(`partner.page.${control}`) })}
          />
        </Group>
      </>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={3}>{t('partner.clients.title')}</Title>
        <Button onClick={() => setCreating(true)} data-testid="partner-create-client">
          {t('partner.clients.create')}
        </Button>
      </Group>
      <form onSubmit={find} aria-label={t('partner.clients.search')}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            flex={1}
            type="search"
            aria-label={t('partner.clients.search')}
            placeholder={t('partner.clients.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Button type="submit" variant="default">
            {t('partner.clients.search_submit')}
          </Button>
        </Group>
      </form>
      <Paper withBorder radius="md" p="md" aria-busy={isLoading || undefined}>
        {body}
      </Paper>
      <CreateClientModal
        opened={creating}
        currency={currency}
        onClose={() => setCreating(false)}
        onCreated={created}
      />
      <PaySubscriptionModal
        client={paying?.payment === 'subscription' ? paying.client : null}
        onClose={closePayment}
        onTopUpPartner={topUpPartner}
      />
      <TopUpClientModal
        client={paying?.payment === 'top_up' ? paying.client : null}
        onClose={closePayment}
        onTopUpPartner={topUpPartner}
      />
      <ErrorModal error={error} onRetry={() => mutate()} />
    </Stack>
  );
}
