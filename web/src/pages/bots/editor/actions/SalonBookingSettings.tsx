import { Anchor, Loader, MultiSelect, Select, Switch, Text, Textarea } from '@mantine/core';
import type { BookingService } from '../../../../../../functions/shared/booking';
import { salonBranches, useBookingServices } from '../../../../api/booking';
import { ApiError } from '../../../../api/client';
import type { IntegrationView } from '../../../../api/integrations';
import { useT } from '../../../../i18n/use-t';
import { branchOptions, renderBranchOption } from './branch-options';
import type { TypeSettingsProps } from './types';

/** The branch option that leaves the choice to the customer (in the Get branches action). */
const CUSTOMER_CHOOSES = '__customer__';
const COMMENT_MAX = 500;

/**
 * A salon booking: the branch (one of the Get branches action's, or the customer's choice there),
 * which of the branch's services the bot may book (none chosen: every one), SMS and the comment the
 * record carries.
 */
export function SalonBookingSettings({
  settings,
  change,
  error,
  actions,
  integration,
}: TypeSettingsProps<'booking'> & { integration: IntegrationView }) {
  const { t, lang } = useT();
  // The branches a Get branches action of this bot offers in the same salon.
  const offered = actions.flatMap((action) =>
    action.type === 'get_branches' && action.settings.integration_id === integration.id
      ? action.settings.branches
      : [],
  );
  const learned = salonBranches(integration).filter((branch) => offered.includes(branch.id));
  const branchId = settings.branch_id || null;
  const services = useBookingServices(integration.id, branchId);
  const branches = [
    { value: CUSTOMER_CHOOSES, label: t('bot.booking.branch_customer') },
    ...branchOptions(learned, [...offered, ...(branchId ? [branchId] : [])], t),
  ];

  const numbers = new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US');
  const serviceLabel = (service: BookingService) => {
    const { price_min: min, price_max: max } = service;
    const price =
      min === null && max === null
        ? null
        : min !== null && max !== null && max !== min
          ? `${numbers.format(min)}–${numbers.format(max)}`
          : numbers.format((min ?? max) as number);
    const minutes =
      service.duration_minutes !== null ? t('booking.minutes', { minutes: service.duration_minutes }) : null;
    return [service.title || service.id, price, minutes].filter(Boolean).join(' · ');
  };
  const knownServices = new Set(services.items.map((service) => service.id));
  const missingServices =
    services.isLoading || services.error ? [] : settings.service_ids.filter((id) => !knownServices.has(id));
  const failure =
    services.error instanceof ApiError && services.error.serverMessage
      ? services.error.serverMessage
      : t('bot.booking.services_failed');

  return (
    <>
      <Select
        label={t('bot.booking.branch')}
        description={offered.length === 0 ? t('bot.booking.branch_none') : t('bot.booking.branch_hint')}
        data={branches}
        renderOption={renderBranchOption(branches)}
        value={branchId ?? CUSTOMER_CHOOSES}
        allowDeselect={false}
        onChange={(next) =>
          change({ branch_id: next && next !== CUSTOMER_CHOOSES ? next : null, service_ids: [] })
        }
        error={error('branch_id')}
        data-testid="booking-branch"
      />
      <MultiSelect
        label={t('bot.booking.services')}
        description={branchId ? t('bot.booking.services_hint') : t('bot.booking.services_branch_first')}
        placeholder={
          services.isLoading
            ? t('bot.booking.services_loading')
            : settings.service_ids.length === 0
              ? t('bot.booking.services_all')
              : undefined
        }
        nothingFoundMessage={t('select.nothing_found')}
        disabled={!branchId || services.isLoading || Boolean(services.error)}
        rightSection={services.isLoading ? <Loader size="xs" /> : undefined}
        data={[
          ...services.items.map((service) => ({ value: service.id, label: serviceLabel(service) })),
          ...missingServices.map((id) => ({ value: id, label: t('bot.booking.service_missing', { id }) })),
        ]}
        value={settings.service_ids}
        onChange={(service_ids) => change({ service_ids })}
        error={error('service_ids')}
        searchable
        hidePickedOptions={false}
        data-testid="booking-services"
      />
      {branchId && services.error !== undefined && (
        <Text size="sm" c="red" role="alert">
          {failure}{' '}
          <Anchor component="button" type="button" size="sm" onClick={services.retry}>
            {t('crm.retry')}
          </Anchor>
        </Text>
      )}
      <Switch
        label={t('bot.booking.notify_by_sms')}
        description={t('bot.booking.notify_by_sms_hint')}
        checked={settings.notify_by_sms}
        onChange={(event) => change({ notify_by_sms: event.currentTarget.checked })}
      />
      <Textarea
        label={t('bot.booking.comment')}
        description={t('bot.booking.comment_hint')}
        autosize
        minRows={2}
        maxLength={COMMENT_MAX}
        value={settings.comment}
        onChange={(event) => change({ comment: event.currentTarget.value })}
        error={error('comment')}
        data-testid="booking-comment"
      />
    </>
  );
}
