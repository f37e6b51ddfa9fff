import { type ComboboxItem, type ComboboxLikeRenderOptionInput, Text } from '@mantine/core';
import type { SalonBranch } from '../../../../../../functions/shared/booking';
import type { useT } from '../../../../i18n/use-t';

/**
 * A salon's branches as select options (the title; the address shown under it in the list, see
 * `BranchOption`), then any of `kept` (saved ids) the salon no longer lists, flagged, so a saved
 * choice is never dropped unseen.
 */
export function branchOptions(
  learned: readonly SalonBranch[],
  kept: readonly string[],
  t: ReturnType<typeof useT>['t'],
): { value: string; label: string; address?: string }[] {
  const known = new Set(learned.map((branch) => branch.id));
  return [
    ...learned.map((branch) => ({
      value: branch.id,
      label: branch.title || branch.id,
      address: branch.address,
    })),
    ...[...new Set(kept)]
      .filter((id) => id !== '' && !known.has(id))
      .map((id) => ({ value: id, label: t('bot.booking.branch_missing', { id }) })),
  ];
}

/** Shows a branch option with its address under the title, so the input itself keeps the title only. */
export function renderBranchOption(options: readonly { value: string; address?: string }[]) {
  const addresses = new Map(options.map((option) => [option.value, option.address]));
  return ({ option }: ComboboxLikeRenderOptionInput<ComboboxItem>) => (
    <div>
      <Text size="sm">{option.label}</Text>
      {addresses.get(option.value) && (
        <Text size="xs" c="dimmed">
          {addresses.get(option.value)}
        </Text>
      )}
    </div>
  );
}
