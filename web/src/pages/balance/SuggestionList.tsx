import { Button, Loader, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n/use-t';

interface SuggestionListProps<T> {
  state: { query: string; items: T[]; loading: boolean };
  label: (item: T) => string;
  notFound: string;
  onPick: (item: T) => void;
  testId: string;
}

/** What the typed INN or BIK was found as: a button per match fills the other fields. */
export function SuggestionList<T>({ state, label, notFound, onPick, testId }: SuggestionListProps<T>) {
  const { t } = useT();
  if (state.loading)
    return (
      <Text size="xs" c="dimmed" mt={4} component="div">
        <Loader size={10} mr={6} />
        {t('balance.invoice.searching')}
      </Text>
    );
  if (!state.query) return null;
  if (state.items.length === 0)
    return (
      <Text size="xs" c="dimmed" mt={4}>
        {notFound}
      </Text>
    );
  return (
    <Stack gap={4} mt={6} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {t('balance.invoice.suggest_hint')}
      </Text>
      {state.items.map((item) => (
        <Button
          key={label(item)}
          size="compact-sm"
          variant="light"
          justify="flex-start"
          onClick={() => onPick(item)}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          h="auto"
          py={4}
        >
          {label(item)}
        </Button>
      ))}
    </Stack>
  );
}
