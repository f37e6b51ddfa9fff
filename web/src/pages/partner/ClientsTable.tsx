import { Button, Group, Menu, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PartnerClient } from '../../api/partner';
import { formatDateTime, formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { SubscriptionEnd } from './SubscriptionEnd';

const COLUMNS = ['name', 'email', 'currency', 'balance', 'subscription', 'bots_on', 'last_activity'] as const;

/** What a partner pays for a client from its partner balance. */
export type ClientPayment = 'subscription' | 'top_up';

interface ClientsTableProps {
  clients: PartnerClient[];
  /** The client being switched into: its button spins, the others wait. */
  entering: string | null;
  onEnter: (client: PartnerClient) => void;
  onPay: (client: PartnerClient, payment: ClientPayment) => void;
}

/** "Оплатить": a subscription or a top-up of the client's balance, from the partner balance. */
function PayMenu({ client, onPay }: { client: PartnerClient; onPay: ClientsTableProps['onPay'] }) {
  const { t } = useT();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          aria-label={`${t('partner.clients.pay')}: ${client.name}`}
          data-testid="partner-client-pay"
        >
          {t('partner.clients.pay')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          onClick={() => onPay(client, 'subscription')}
          data-testid="partner-client-pay-subscription"
        >
          {t('partner.clients.pay_subscription')}
        </Menu.Item>
        <Menu.Item onClick={() => onPay(client, 'top_up')} data-testid="partner-client-top-up">
          {t('partner.clients.top_up')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function LastActivity({ client }: { client: PartnerClient }) {
  const { t, lang } = useT();
  return client.last_activity_at
    ? formatDateTime(client.last_activity_at, lang)
    : t('partner.clients.no_activity');
}

function EnterButton({
  client,
  entering,
  onEnter,
}: { client: PartnerClient } & Pick<ClientsTableProps, 'entering' | 'onEnter'>) {
  const { t } = useT();
  return (
    <Button
      size="xs"
      variant="light"
      loading={entering === client.id}
      disabled={entering !== null && entering !== client.id}
      onClick={() => onEnter(client)}
      aria-label={`${t('partner.clients.enter')}: ${client.name}`}
      data-testid="partner-client-enter"
    >
      {t('partner.clients.enter')}
    </Button>
  );
}

/** A column's name over its value, in a card. */
function Field({ column, children }: { column: (typeof COLUMNS)[number]; children: ReactNode }) {
  const { t } = useT();
  return (
    <div>
      <Text size="xs" c="dimmed">
        {t(`partner.column.${column}`)}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** On a phone each client is a card: the table would scroll sideways. */
function ClientCards(props: ClientsTableProps) {
  const { lang } = useT();
  return (
    <Stack gap="xs" hiddenFrom="md" data-testid="partner-client-cards">
      {props.clients.map((client) => (
        <Paper key={client.id} withBorder radius="md" p="sm" data-testid="partner-client-card">
          <Stack gap={6}>
            <div>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {client.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {client.email}
              </Text>
            </div>
            <Group gap="lg" align="flex-start">
              <Field column="balance">{formatMoney(client.balance, client.currency, lang)}</Field>
              <Field column="subscription">
                <SubscriptionEnd client={client} />
              </Field>
              <Field column="bots_on">{client.bots_on}</Field>
              <Field column="last_activity">
                <LastActivity client={client} />
              </Field>
            </Group>
            <Group gap="xs">
              <EnterButton client={client} entering={props.entering} onEnter={props.onEnter} />
              <PayMenu client={client} onPay={props.onPay} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The partner's clients (issue #23 §1): who they are, their balance in their currency, bots on, activity. */
export function ClientsTable(props: ClientsTableProps) {
  const { t, lang } = useT();
  return (
    <>
      <Table.ScrollContainer minWidth={1060} visibleFrom="md">
        <Table
          verticalSpacing="sm"
          striped
          aria-label={t('partner.clients.title')}
          data-testid="partner-clients-table"
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{t(`partner.column.${column}`)}</Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.clients.map((client) => (
              <Table.Tr key={client.id} data-testid="partner-client-row">
                <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {client.name}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{client.email}</Table.Td>
                <Table.Td tt="uppercase">{client.currency}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="partner-client-balance">
                  {formatMoney(client.balance, client.currency, lang)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="partner-client-subscription">
                  <SubscriptionEnd client={client} />
                </Table.Td>
                <Table.Td data-testid="partner-client-bots">{client.bots_on}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <LastActivity client={client} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <PayMenu client={client} onPay={props.onPay} />
                    <EnterButton client={client} entering={props.entering} onEnter={props.onEnter} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ClientCards {...props} />
    </>
  );
}
