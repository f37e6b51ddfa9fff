import { Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { deleteReferralLink, type ReferralLink, useReferralLinks } from '../../api/partner-links';
import { LoadFailed } from '../../components/Alerts';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageLoader } from '../../components/FullScreenLoader';
import { notifyError, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/use-t';
import { ReferralLinkModal } from './ReferralLinkModal';
import { ReferralLinksTable } from './ReferralLinksTable';

/** Referral links (issue #23 §3): made, renamed, copied and deleted; who signed up and who pays. */
export function ReferralLinksTab() {
  const { t } = useT();
  const { data, error, mutate } = useReferralLinks();
  const [editing, setEditing] = useState<{ link: ReferralLink | null } | null>(null);
  const [deleting, setDeleting] = useState<ReferralLink | null>(null);
  const [busy, setBusy] = useState(false);

  const saved = async (link: ReferralLink) => {
    notifySuccess(t(editing?.link ? 'partner.links.saved' : 'partner.links.created', { name: link.name }));
    setEditing(null);
    await mutate();
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteReferralLink(deleting.id);
      notifySuccess(t('partner.links.deleted', { name: deleting.name }));
      setDeleting(null);
      await mutate();
    } catch (failed) {
      notifyError(failed);
    } finally {
      setBusy(false);
    }
  };

  let body = null;
  if (!data)
    body = error ? (
      <LoadFailed title={t('partner.links.load_failed')} error={error} onRetry={() => mutate()} />
    ) : (
      <PageLoader />
    );
  else if (data.items.length === 0)
    body = (
      <EmptyState data-testid="partner-links-empty">
        <EmptyState.Title order={3}>{t('partner.links.empty_title')}</EmptyState.Title>
        <EmptyState.Description>{t('partner.links.empty_text')}</EmptyState.Description>
      </EmptyState>
    );
  else
    body = (
      <ReferralLinksTable links={data.items} onEdit={(link) => setEditing({ link })} onDelete={setDeleting} />
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <div>
          <Title order={3}>{t('partner.links.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('partner.links.hint')}
          </Text>
        </div>
        <Button onClick={() => setEditing({ link: null })} data-testid="partner-link-create">
          {t('partner.links.create')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        {body}
      </Paper>
      <ReferralLinkModal
        opened={editing !== null}
        link={editing?.link ?? null}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t('partner.links.delete_title')}
        confirmLabel={t('common.delete')}
        loading={busy}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      >
        {t('partner.links.delete_text', { name: deleting?.name ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}
