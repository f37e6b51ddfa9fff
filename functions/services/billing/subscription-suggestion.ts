import type { Account, SubscriptionKind } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import type { Db } from '../../ports/db';
import { AppError } from '../../shared/app-error';
import type { Language } from '../../shared/constants';
import { integrationLabel } from '../../shared/integration-catalogue';
import { roomForOneMore } from './subscriptions';

const kindLabel = (kind: SubscriptionKind, lang: Language) =>
  kind === 'bots' ? translate('subscription_kind_bots', lang) : integrationLabel(kind);

/**
 * Switching one more bot on, or connecting one more integration of a type, needs a free place in a
 * running subscription (or the demo). Without one the answer is 402 with the suggestion the web's
 * subscription modal opens with: the kind and one more of it.
 */
export async function needsPlace(
  db: Db,
  account: Account,
  kind: SubscriptionKind,
  now: Date,
  exceptId: string,
  lang: Language,
): Promise<AppError | null> {
  if (await roomForOneMore(db, account, kind, now, exceptId)) return null;
  return new AppError('subscription_required', 'subscription_required', {
    params: { kind: kindLabel(kind, lang) },
    details: { suggestion: { kind, quantity: 1 } },
  });
}
