import { Alert, Anchor, Badge, Box, Group, List, Stack, Text } from '@mantine/core';
import { calendarEventTypes } from '../../api/booking';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { useT } from '../../i18n/use-t';
import { CalendlyConsent } from './CalendlyConsent';
import { CredentialForm } from './CredentialForm';

interface CalendlySettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

/** Where a Calendly user makes a personal access token. */
const CALENDLY_TOKENS_URL = 'https://calendly.com/integrations/api_webhooks';
/** A personal access token is a long JWT; anything short or with spaces was not copied whole. */
const CALENDLY_TOKEN_PATTERN = /^\S{20,}$/;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * A Calendly account's settings (issue #22 §2): the consent on Calendly's page where the server has
 * its application (CalendlyConsent), its personal access token and, once connected, whose
 * calendar it is, its time zone, the event types a booking action may offer, and whether Calendly
 * tells us of the bookings made (its webhooks need a paid plan).
 */
export function CalendlySettings({ integration, update }: CalendlySettingsProps) {
  const { t } = useT();
  const data = integration.connection_data;
  const saved = text(data.token);
  const connected = integration.connected;
  const eventTypes = calendarEventTypes(integration);
  // Booking events come back when the subscription was made ('active'; 'subscribed' said the same).
  const webhook =
    data.webhook === 'active' || data.webhook === 'subscribed'
      ? 'subscribed'
      : data.webhook === 'unavailable'
        ? 'unavailable'
        : null;

  const auth = data.auth === 'oauth' || data.auth === 'token' ? data.auth : null;

  return (
    <Stack gap="md" data-testid="calendly-settings">
      <CalendlyConsent integration={integration} />
      {connected && (
        <>
          <Box>
            <Text size="sm" fw={500}>
              {t('calendly.user')}
            </Text>
            <Text size="sm" data-testid="calendly-user">
              {text(data.user_name) ?? '—'}
            </Text>
          </Box>
          {auth && (
            <Box>
              <Text size="sm" fw={500}>
                {t('calendly.auth')}
              </Text>
              <Text size="sm" data-testid="calendly-auth">
                {t(`calendly.auth.${auth}`)}
              </Text>
            </Box>
          )}
          <Box>
            <Text size="sm" fw={500}>
              {t('calendly.time_zone')}
            </Text>
            <Text size="sm">{text(data.time_zone) ?? '—'}</Text>
          </Box>
          <Box>
            <Text size="sm" fw={500} mb={4}>
              {t('calendly.event_types')}
            </Text>
            {eventTypes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('calendly.event_types_none')}
              </Text>
            ) : (
              <List size="sm" spacing={4} data-testid="calendly-event-types">
                {eventTypes.map((type) => (
                  <List.Item key={type.uri}>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm">{type.name || type.uri}</Text>
                      {type.duration_minutes !== null && (
                        <Text size="sm" c="dimmed">
                          {t('booking.minutes', { minutes: type.duration_minutes })}
                        </Text>
                      )}
                      {!type.active && (
                        <Badge size="xs" color="gray" variant="light">
                          {t('calendly.inactive')}
                        </Badge>
                      )}
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </Box>
          {webhook && (
            <Alert
              color={webhook === 'subscribed' ? 'green' : 'yellow'}
              variant="light"
              title={t('calendly.webhook')}
              data-testid="calendly-webhook"
            >
              {t(`calendly.webhook.${webhook}`)}
            </Alert>
          )}
        </>
      )}
      <CredentialForm
        label={t('calendly.token')}
        description={t(saved ? 'calendly.token_keep' : 'calendly.token_hint')}
        placeholder={saved ?? 'eyJraWQiOiIx…'}
        pattern={CALENDLY_TOKEN_PATTERN}
        requiredText={t('calendly.token_required')}
        invalidText={t('calendly.token_invalid')}
        savedText={t('calendly.token_saved')}
        save={(token) => update({ connection_data: { token } })}
      />
      <Text size="sm" c="dimmed">
        {t('calendly.token_where')}{' '}
        <Anchor href={CALENDLY_TOKENS_URL} target="_blank" rel="noopener noreferrer" size="sm">
          {t('calendly.token_link')}
        </Anchor>
      </Text>
    </Stack>
  );
}
