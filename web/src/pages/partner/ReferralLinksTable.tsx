import { ActionIcon, CopyButton, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ReferralLink } from '../../api/partner-links';
import { useT } from '../../i18n/use-t';

interface ReferralLinksTableProps {
  links: ReferralLink[];
  onEdit: (link: ReferralLink) => void;
  onDelete: (link: ReferralLink) => void;
}

const icon = { width: 16, height: 16, fill: 'none', stroke: 'currentColor', strokeWidth: 2 } as const;

function CopyIcon({ copied }: { copied: boolean }) {
  return copied ? (
    <svg {...icon} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M5 12l5 5L20 7" />
    </svg>
  ) : (
    <svg {...icon} viewBox="0 0 24 24" aria-hidden="true">
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  );
}

/** The link itself, cut short to fit, with a button that copies it whole. */
function LinkWithCopy({ link }: { link: ReferralLink }) {
  const { t } = useT();
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Text size="sm" ff="monospace" truncate="end" title={link.url} miw={0} data-testid="partner-link-url">
        {link.url}
      </Text>
      <CopyButton value={link.url}>
        {({ copied, copy }) => (
          <Tooltip label={t(copied ? 'partner.links.copied' : 'partner.links.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'green' : 'gray'}
              onClick={copy}
              aria-label={`${t('partner.links.copy')}: ${link.name}`}
              data-testid="partner-link-copy"
            >
              <CopyIcon copied={copied} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function Actions({
  link,
  onEdit,
  onDelete,
}: { link: ReferralLink } & Omit<ReferralLinksTableProps, 'links'>) {
  const { t } = useT();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={() => onEdit(link)}
        aria-label={`${t('partner.links.edit')}: ${link.name}`}
        data-testid="partner-link-edit"
      >
        <svg {...icon} viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 20h4L19 9l-4-4L4 16v4z" />
        </svg>
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => onDelete(link)}
        aria-label={`${t('common.delete')}: ${link.name}`}
        data-testid="partner-link-delete"
      >
        <svg {...icon} viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
        </svg>
      </ActionIcon>
    </Group>
  );
}

/** Referral links: name, the link to copy, how many signed up through it and how many of them pay. */
export function ReferralLinksTable(props: ReferralLinksTableProps) {
  const { t } = useT();
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm" data-testid="partner-link-cards">
        {props.links.map((link) => (
          <Paper key={link.id} withBorder radius="md" p="sm" data-testid="partner-link-card">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {link.name}
                </Text>
                <Actions link={link} onEdit={props.onEdit} onDelete={props.onDelete} />
              </Group>
              <LinkWithCopy link={link} />
              <Text size="sm" c="dimmed">
                {t('partner.links.counts', { registrations: link.registrations, paying: link.paying })}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table
          verticalSpacing="sm"
          striped
          aria-label={t('partner.links.title')}
          data-testid="partner-links-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('partner.links.column.name')}</Table.Th>
              <Table.Th>{t('partner.links.column.url')}</Table.Th>
              <Table.Th ta="right">{t('partner.links.column.registrations')}</Table.Th>
              <Table.Th ta="right">{t('partner.links.column.paying')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.links.map((link) => (
              <Table.Tr key={link.id} data-testid="partner-link-row">
                <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {link.name}
                </Table.Td>
                <Table.Td maw={420}>
                  <LinkWithCopy link={link} />
                </Table.Td>
                <Table.Td ta="right" data-testid="partner-link-registrations">
                  {link.registrations}
                </Table.Td>
                <Table.Td ta="right" data-testid="partner-link-paying">
                  {link.paying}
                </Table.Td>
                <Table.Td>
                  <Actions link={link} onEdit={props.onEdit} onDelete={props.onDelete} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
