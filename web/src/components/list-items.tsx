import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The list with the item at `index` replaced by what `update` makes of it. */
export const updateAt = <T,>(items: readonly T[], index: number, update: (item: T) => T): T[] =>
  items.map((item, position) => (position === index ? update(item) : item));

/** The list without the item at `index`. */
export const removeAt = <T,>(items: readonly T[], index: number): T[] =>
  items.filter((_, position) => position !== index);

interface AddItemButtonProps {
  /** The list is full. */
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** The small button under an editable list that adds an item. */
export function AddItemButton({ disabled, onClick, children }: AddItemButtonProps) {
  return (
    <Group>
      <Button size="xs" variant="light" disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    </Group>
  );
}
