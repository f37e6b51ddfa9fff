import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AssistantProposal, ProposalField } from '../../../../functions/shared/assistant';
import type { BotSettings } from '../../../../functions/shared/schemas/bot';
import { notifyError } from '../../components/notify';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { valueText } from './value-text';

interface ProposalCardProps {
  proposal: AssistantProposal;
  /** The settings the proposal changes (the bot's, or a new bot's defaults). */
  base: BotSettings;
  onAccept: (fields: ProposalField[]) => Promise<void>;
  onReject: () => Promise<void>;
}

/**
 * Rex's proposal as a diff: each field with what it is now and what Rex proposes; the user applies
 * the fields they tick, or rejects the proposal. A decided proposal shows what became of it.
 */
export function ProposalCard({ proposal, base, onAccept, onReject }: ProposalCardProps) {
  const { t } = useT();
  const fields = Object.keys(proposal.changes) as ProposalField[];
  const [chosen, setChosen] = useState<ProposalField[]>(fields);
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const pending = proposal.state === 'pending';
  const run = async (which: 'accept' | 'reject') => {
    setBusy(which);
    try {
      await (which === 'accept' ? onAccept(chosen) : onReject());
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" mt="xs" data-testid="rex-proposal" data-state={proposal.state}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {t('rex.proposal')}
          </Text>
          <Badge
            variant="light"
            color={proposal.state === 'accepted' ? 'green' : proposal.state === 'rejected' ? 'gray' : 'blue'}
          >
            {t(`rex.state.${proposal.state}`)}
          </Badge>
        </Group>
        <Text size="sm">{proposal.summary}</Text>
        {fields.map((field) => {
          const before = valueText(field, (base as Record<string, unknown>)[field], t);
          const after = valueText(field, proposal.changes[field], t);
          const applied = proposal.accepted?.includes(field);
          return (
            <Stack key={field} gap={4} data-testid="rex-change">
              {pending ? (
                <Checkbox
                  label={t(`rex.field.${field}`)}
                  checked={chosen.includes(field)}
                  onChange={(event) =>
                    setChosen((list) =>
                      event.currentTarget.checked ? [...list, field] : list.filter((one) => one !== field),
                    )
                  }
                />
              ) : (
                <Text size="sm" fw={500} c={applied === false ? 'dimmed' : undefined}>
                  {t(`rex.field.${field}`)}
                  {proposal.state === 'accepted' && !applied ? ` · ${t('rex.not_applied')}` : ''}
                </Text>
              )}
              <Text
                size="xs"
                c={before ? 'red.8' : 'dimmed'}
                bg="red.0"
                px="xs"
                py={2}
                style={{
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  textDecoration: before ? 'line-through' : undefined,
                }}
              >
                {before || t('rex.empty')}
              </Text>
              <Text
                size="xs"
                c="green.9"
                bg="green.0"
                px="xs"
                py={2}
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              >
                {after || t('rex.empty')}
              </Text>
            </Stack>
          );
        })}
        {pending ? (
          <Group gap="xs" justify="flex-end">
            <Button variant="default" size="xs" loading={busy === 'reject'} onClick={() => run('reject')}>
              {t('rex.reject')}
            </Button>
            <Button
              size="xs"
              disabled={chosen.length === 0}
              loading={busy === 'accept'}
              onClick={() => run('accept')}
            >
              {chosen.length === fields.length
                ? t('rex.accept_all')
                : t('rex.accept_chosen', { count: chosen.length })}
            </Button>
          </Group>
        ) : (
          proposal.botId && (
            <Anchor component={Link} to={`${PATHS.bots}/${proposal.botId}`} size="sm">
              {t('rex.open_bot')}
            </Anchor>
          )
        )}
      </Stack>
    </Paper>
  );
}
