import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { type Quote, quoteSubscription, type SubscriptionItem, type TermId } from '../../api/subscriptions';

/** Time the constructor waits after the last change before asking for the price. */
const QUOTE_DELAY_MS = 350;

/**
 * The live price of what the constructor holds (POST /api/subscription), asked once the counts stop
 * changing; an answer to an older question is dropped. `refresh` changes when the balance does.
 */
export function useQuote(items: SubscriptionItem[], term: TermId, refresh: unknown) {
  const request = JSON.stringify({ items, term });
  const [debounced] = useDebouncedValue(request, QUOTE_DELAY_MS);
  const [state, setState] = useState<{ request: string; quote: Quote | null; error: unknown }>({
    request: '',
    quote: null,
    error: null,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` only asks again when the balance changed.
  useEffect(() => {
    const parsed = JSON.parse(debounced) as { items: SubscriptionItem[]; term: TermId };
    if (parsed.items.length === 0) {
      setState({ request: debounced, quote: null, error: null });
      return;
    }
    let current = true;
    quoteSubscription(parsed.items, parsed.term).then(
      (quote) => current && setState({ request: debounced, quote, error: null }),
      (error: unknown) => current && setState({ request: debounced, quote: null, error }),
    );
    return () => {
      current = false;
    };
  }, [debounced, refresh]);

  const fresh = state.request === request;
  return { quote: state.quote, error: state.error, loading: !fresh && items.length > 0 };
}
