import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { INDUSTRIES, type Industry } from '../../../../functions/shared/constants';
import { type BotTemplateView, useBots, useBotTemplates } from '../../api/bots';
import { isApiError } from '../../api/errors';
import { ServerError } from '../../components/Alerts';
import { AppSelect } from '../../components/AppSelect';
import { PageLoader } from '../../components/FullScreenLoader';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { integrationName } from './integration-names';

type IndustryFilter = Industry | 'all';

interface TemplateCardProps {
  template: BotTemplateView;
  creating: boolean;
  disabled: boolean;
  onCreate: () => void;
}

/** A template: what it does, the integrations it needs, and the offer to connect the missing ones. */
function TemplateCard({ template, creating, disabled, onCreate }: TemplateCardProps) {
  const { t } = useT();
  const names = (types: BotTemplateView['required_integrations']) =>
    types.map((type) => integrationName(type, t)).join(', ');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={template.name}
      data-testid="bot-template"
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={4} size="h6">
            {template.name}
          </Title>
          <Badge variant="light" size="sm">
            {t(`tour.industry.${template.industry}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" flex={1}>
          {template.description}
        </Text>
        {template.required_integrations.length > 0 && (
          <Text size="xs">{t('templates.requires', { names: names(template.required_integrations) })}</Text>
        )}
        {!template.available && (
          <Alert color="yellow" variant="light" p="xs">
            <Text size="xs">
              {t('templates.missing', { names: names(template.missing_integrations) })}{' '}
              <Anchor component={Link} to={PATHS.integrations} size="xs">
                {t('templates.connect')}
              </Anchor>
            </Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button size="xs" onClick={onCreate} loading={creating} disabled={!template.available || disabled}>
            {t('templates.use')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Creating a bot from a template chosen by industry (SPEC §2 Bot create/edit). */
export function TemplatesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const { create } = useBots();
  const { data: templates, error: loadError, mutate } = useBotTemplates(lang, opened);
  const [industry, setIndustry] = useState<IndustryFilter>('all');
  const [creating, setCreating] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const shown = (templates ?? []).filter((item) => industry === 'all' || item.industry === industry);

  const createFrom = async (template: BotTemplateView) => {
    setCreating(template.id);
    setError(null);
    try {
      const bot = await create({ template_id: template.id, lang });
      onClose();
      navigate(`${PATHS.bots}/${bot.id}`);
    } catch (failure) {
      setError(failure);
      // The account's integrations changed since the list was loaded: show the current state.
      if (isApiError(failure, 'template_integrations_missing')) void mutate();
    } finally {
      setCreating(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('templates.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('templates.hint')}
        </Text>
        <AppSelect<IndustryFilter>
          label={t('templates.industry')}
          value={industry}
          data={[
            { value: 'all', label: t('templates.all_industries') },
            ...INDUSTRIES.map((value) => ({ value, label: t(`tour.industry.${value}`) })),
          ]}
          onChange={setIndustry}
          maw={360}
        />
        <ServerError error={error ?? loadError} />
        {isApiError(error, 'template_integrations_missing') && (
          <Anchor component={Link} to={PATHS.integrations} size="sm">
            {t('templates.connect')}
          </Anchor>
        )}
        {!templates && !loadError && <PageLoader />}
        {templates && shown.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('templates.none')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {shown.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              creating={creating === template.id}
              disabled={creating !== null}
              onCreate={() => createFrom(template)}
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Button variant="subtle" component={Link} to={PATHS.botNew} onClick={onClose}>
            {t('templates.manual')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
