import * as v from 'valibot';
import type { IntegrationType } from '../../../db/schema';
import { AppError } from '../../shared/app-error';
import type { Language } from '../../shared/constants';
import { describeIntegration } from '../../shared/integration-catalogue';
import { issuesToFields } from '../../shared/issues-to-fields';

/**
 * connection_data checked by its type before it is saved. Types with a settings schema in the
 * catalogue (the website widget) store the normalised settings with defaults filled in, and bad
 * fields answer 422 under `connection_data.<field>`; other types keep their allowed fields
 * (integration-view.ts) as sent.
 */
export function checkedConnectionData(
  type: IntegrationType,
  data: Record<string, unknown>,
  lang: Language,
): Record<string, unknown> {
  const settings = describeIntegration(type).settings;
  if (!settings) return data;
  const parsed = v.safeParse(settings.schema, { ...settings.base?.(lang), ...data });
  if (parsed.success) return { ...parsed.output };
  const fields = Object.fromEntries(
    Object.entries(issuesToFields(parsed.issues)).map(([path, key]) => [`connection_data.${path}`, key]),
  );
  throw new AppError('validation_failed', 'validation_failed', { fields });
}
