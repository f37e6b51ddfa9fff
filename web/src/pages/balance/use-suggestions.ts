import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

const SUGGEST_DELAY_MS = 300;

/**
 * Suggestions for a number typed into the invoice form (an INN, a BIK), asked once the value looks
 * complete and has stopped changing; none for a value just filled from a suggestion (`skip`).
 */
export function useSuggestions<T>(
  value: string,
  complete: RegExp,
  enabled: boolean,
  skip: string | null,
  load: (query: string) => Promise<{ suggestions: T[] }>,
) {
  const [debounced] = useDebouncedValue(value.replace(/\s+/g, ''), SUGGEST_DELAY_MS);
  const [state, setState] = useState<{ query: string; items: T[]; loading: boolean }>({
    query: '',
    items: [],
    loading: false,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a module function; only the query matters.
  useEffect(() => {
    if (!enabled || !complete.test(debounced) || debounced === skip) {
      setState({ query: '', items: [], loading: false });
      return;
    }
    let current = true;
    setState({ query: debounced, items: [], loading: true });
    load(debounced).then(
      (answer) => current && setState({ query: debounced, items: answer.suggestions, loading: false }),
      () => current && setState({ query: debounced, items: [], loading: false }),
    );
    return () => {
      current = false;
    };
  }, [debounced, enabled, skip]);

  return state;
}
