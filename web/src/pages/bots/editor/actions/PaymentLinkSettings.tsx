import { NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { DEAL_MOVING_TYPES } from '../../../../../../functions/shared/crm';
import { MAX_LINK_AMOUNT, MIN_LINK_AMOUNT } from '../../../../../../functions/shared/tbank-link';
import { useT } from '../../../../i18n/use-t';
import { IntegrationField } from '../IntegrationField';
import { IntegrationSettings } from './IntegrationSettings';
import { PipelineStatusSelects } from './PipelineStatusSelects';
import type { TypeSettingsProps } from './types';

const PAYMENT_TYPES = ['tbank'] as const;

/** Roubles typed, kopecks kept (money in minor units). */
const kopecksOf = (value: string | number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : null;

const NO_DEAL_MOVE = { paid_integration_id: null, paid_pipeline_id: null, paid_status_id: null };

/** Once paid, the dialogue's deal goes to a status of one of the account's CRMs, or stays where it is. */
function PaidDealMove({ settings, change, error }: TypeSettingsProps<'payment_link'>) {
  const { t } = useT();
  const [on, setOn] = useState(settings.paid_integration_id !== null);
  return (
    <Stack gap="sm">
      <Switch
        label={t('bot.action.payment_link.move_deal')}
        description={t('bot.action.payment_link.move_deal_hint')}
        checked={on}
        onChange={(event) => {
          setOn(event.currentTarget.checked);
          if (!event.currentTarget.checked) change(NO_DEAL_MOVE);
        }}
        data-testid="payment-link-move-deal"
      />
      {on && (
        <>
          <IntegrationField
            label={t('bot.action.payment_link.crm')}
            emptyText={t('bot.action.payment_link.no_crm')}
            value={settings.paid_integration_id}
            onChange={(id) => change({ ...NO_DEAL_MOVE, paid_integration_id: id })}
            error={error('paid_integration_id')}
            types={DEAL_MOVING_TYPES}
          />
          {settings.paid_integration_id && (
            <PipelineStatusSelects
              integrationId={settings.paid_integration_id}
              pipelineId={settings.paid_pipeline_id}
              statusId={settings.paid_status_id}
              onChange={({ pipelineId, statusId }) =>
                change({
                  ...(pipelineId === undefined ? {} : { paid_pipeline_id: pipelineId }),
                  paid_status_id: statusId,
                })
              }
              pipelineError={error('paid_pipeline_id')}
              statusError={error('paid_status_id')}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * Send a payment link (issue #24 §3): the T-Bank integration whose product and amount the link is
 * for, whether the bot may name another amount, within limits, and the deal moved once paid.
 */
export function PaymentLinkSettings(props: TypeSettingsProps<'payment_link'>) {
  const { settings, change, error } = props;
  const { t } = useT();
  const amount = (field: 'min_amount' | 'max_amount', label: string) => (
    <NumberInput
      label={label}
      min={MIN_LINK_AMOUNT / 100}
      max={MAX_LINK_AMOUNT / 100}
      decimalScale={2}
      allowNegative={false}
      thousandSeparator=" "
      suffix=" ₽"
      value={settings[field] === null ? '' : settings[field] / 100}
      onChange={(value) => change({ [field]: kopecksOf(value) })}
      error={error(field)}
      data-testid={`payment-link-${field}`}
    />
  );
  return (
    <IntegrationSettings settings={settings} change={change} error={error} types={PAYMENT_TYPES}>
      <Text size="sm" c="dimmed">
        {t('bot.action.payment_link.hint')}
      </Text>
      <Switch
        label={t('bot.action.payment_link.override')}
        description={t('bot.action.payment_link.override_hint')}
        checked={settings.amount_override}
        onChange={(event) => change({ amount_override: event.currentTarget.checked })}
        data-testid="payment-link-override"
      />
      {settings.amount_override && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={480}>
          {amount('min_amount', t('bot.action.payment_link.min'))}
          {amount('max_amount', t('bot.action.payment_link.max'))}
        </SimpleGrid>
      )}
      <PaidDealMove {...props} />
    </IntegrationSettings>
  );
}
