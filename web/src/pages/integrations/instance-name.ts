import type { IntegrationView } from '../../api/integrations';
import { formatDate } from '../../i18n/format';
import type { useT } from '../../i18n/use-t';

/** How an account of an integration is named: its external account, else when it was added. */
export function instanceName(
  item: IntegrationView,
  { t, lang }: Pick<ReturnType<typeof useT>, 't' | 'lang'>,
) {
  return (
    item.integration_account_id ||
    t('integrations.instance.unnamed', { date: formatDate(item.created_at, lang) })
  );
}
