import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/use-t';
import { kindName } from '../pages/balance/kinds';
import { PATHS } from '../routes/paths';
import { closeSubscriptionOffer, useSubscriptionOffer } from './subscription-suggestion';

/**
 * SPEC §2 subscription suggestion modal: switching a bot on or connecting an integration was
 * refused for want of a free place; it says which kind is needed and opens the constructor with it.
 */
export function SubscriptionSuggestionModal() {
  const { t } = useT();
  const navigate = useNavigate();
  const offer = useSubscriptionOffer();
  const name = offer ? kindName(offer.kind, t) : '';

  const choose = () => {
    if (!offer) return;
    closeSubscriptionOffer();
    navigate(`${PATHS.balance}?subscribe=${encodeURIComponent(offer.kind)}`);
  };

  return (
    <Modal
      opened={offer !== null}
      onClose={closeSubscriptionOffer}
      title={t('suggest.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="subscription-suggestion"
    >
      {offer && (
        <Stack gap="md">
          <Text size="sm">
            {offer.kind === 'bots' ? t('suggest.text_bots') : t('suggest.text_integration', { kind: name })}
          </Text>
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('suggest.kind')}
              </Text>
              <Text size="sm" fw={600} data-testid="suggested-kind">
                {t('suggest.kind_value', { kind: name, quantity: offer.quantity })}
              </Text>
            </Group>
          </Paper>
          <Group justify="flex-end">
            <Button variant="default" onClick={closeSubscriptionOffer}>
              {t('common.cancel')}
            </Button>
            <Button onClick={choose}>{t('suggest.go')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
