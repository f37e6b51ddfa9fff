import type { SubscriptionKind, Term } from '../../api/subscriptions';
import type { MessageId, MessageValues } from '../../i18n/i18n';

type Translate = (id: MessageId, values?: MessageValues) => string;

/** A subscription kind by name: "Боты", or an integration type by its product name. */
export const kindName = (kind: SubscriptionKind, t: Translate) =>
  kind === 'bots' ? t('balance.kind.bots') : t(`integration.name.${kind}`);

/** "7 дней", "3 месяца": a term by its length. */
export const termLabel = (term: Pick<Term, 'unit' | 'count'>, t: Translate) =>
  t(term.unit === 'day' ? 'balance.term.days' : 'balance.term.months', { count: term.count });
