import { useSyncExternalStore } from 'react';
import { type SubscriptionSuggestion, suggestionOf } from '../api/subscriptions';

/**
 * The subscription suggestion modal's state (SPEC §2), shared by the screens that switch bots on
 * and connect integrations and the layout that shows the modal.
 */
let offered: SubscriptionSuggestion | null = null;
const listeners = new Set<() => void>();

function set(next: SubscriptionSuggestion | null) {
  offered = next;
  for (const listener of listeners) listener();
}

/** Offers a subscription when `error` is a 402 subscription_required; says whether it was one. */
export function offerSubscriptionFor(error: unknown): boolean {
  const suggestion = suggestionOf(error);
  if (suggestion) set(suggestion);
  return suggestion !== null;
}

export const closeSubscriptionOffer = () => set(null);

export function useSubscriptionOffer(): SubscriptionSuggestion | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
  );
}
