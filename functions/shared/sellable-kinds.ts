import type { SubscriptionKind } from '../../db/schema/billing';
import { SUBSCRIPTION_KINDS } from '../../db/seed/tariffs';
import { isBuiltIntegrationType } from './integration-catalogue';

/**
 * What the subscription constructor offers and the server sells (issue #21 §7): bots, and each
 * integration type whose module is built, so it can be connected; a type appears as it lands.
 */
export const isSellableKind = (kind: SubscriptionKind): boolean =>
  kind === 'bots' || isBuiltIntegrationType(kind);

export const SELLABLE_KINDS: readonly SubscriptionKind[] = SUBSCRIPTION_KINDS.filter(isSellableKind);
