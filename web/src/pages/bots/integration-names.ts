import type { IntegrationType } from '../../../../db/schema/integrations';
import type { MessageId } from '../../i18n/i18n';

/** Integration types by their product names (SPEC §3), as the catalogs spell them. */
export const integrationName = (type: IntegrationType, t: (id: MessageId) => string) =>
  t(`integration.name.${type}`);
