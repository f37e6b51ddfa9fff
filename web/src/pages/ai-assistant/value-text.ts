import type { ProposalField } from '../../../../functions/shared/assistant';
import type { MessageId, MessageValues } from '../../i18n/i18n';

type Translate = (id: MessageId, values?: MessageValues) => string;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A setting's value as a line or a few to compare: texts as they are, lists by their items. */
export function valueText(field: ProposalField, value: unknown, t: Translate): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? t('rex.yes') : t('rex.no');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (field === 'custom_variables')
      return value
        .filter(isRecord)
        .map((variable) => `${String(variable.name)} — ${String(variable.description ?? '')}`)
        .join('\n');
    if (field === 'actions')
      return value
        .filter(isRecord)
        .map((action) => `${String(action.name)} (${String(action.type ?? '')})`)
        .join('\n');
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  }
  const text = JSON.stringify(value);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}
