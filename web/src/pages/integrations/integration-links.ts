import { INTEGRATION_TYPES, type IntegrationType } from '../../../../db/schema/integrations';
import { PATHS } from '../../routes/paths';

/** /integrations/{slug}: the slug is the SPEC §3 type. */
export const isIntegrationType = (slug: string | undefined): slug is IntegrationType =>
  slug !== undefined && (INTEGRATION_TYPES as readonly string[]).includes(slug);

export const typePath = (type: IntegrationType) => `${PATHS.integrations}/${encodeURIComponent(type)}`;

export const instancePath = (type: IntegrationType, id: string) =>
  `${typePath(type)}/${encodeURIComponent(id)}`;
