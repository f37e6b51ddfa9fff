import * as v from 'valibot';
import type { IntegrationType } from '../../../db/schema';
import { AppError } from '../../http/errors';
import { issuesToFields } from '../../http/validate';
import type { Language } from '../../shared/constants';
import { onchatSettingsSchema } from '../../shared/schemas/onchat';

/**
 * connection_data checked by its type before it is saved. Types with a settings schema (the website
 * widget) store the normalised settings with defaults filled in, and bad fields answer 422 under
 * `connection_data.<field>`; other types keep their allowed fields (integration-view.ts) as sent.
 */
export function checkedConnectionData(
  type: IntegrationType,
  data: Record<string, unknown>,
  lang: Language,
): Record<string, unknown> {
  if (type !== 'onchat') return data;
  // A widget saved without a language speaks the owner's, defaults included.
  const parsed = v.safeParse(onchatSettingsSchema, { language: lang, ...data });
  if (parsed.success) return { ...parsed.output };
  const fields = Object.fromEntries(
    Object.entries(issuesToFields(parsed.issues)).map(([path, key]) => [`connection_data.${path}`, key]),
  );
  throw new AppError(422, 'validation_failed', 'validation_failed', { fields });
}
