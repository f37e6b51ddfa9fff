import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

interface CounterProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'min' | 'max'> {
  value: number;
  onChange: (value: number) => void;
  max: number;
  min?: number;
  /** SPEC §5 counter: at least 1, and anything that is not a number falls back to it. */
  positiveOnly?: boolean;
}

/**
 * A whole-number counter (SPEC §5): no more digits than the maximum has, the minimum 1 when
 * positive-only, and a cleared or non-numeric entry falls back to the minimum when the field loses focus.
 */
export function Counter({ value, onChange, max, min = 0, positiveOnly, onBlur, ...props }: CounterProps) {
  const lower = positiveOnly ? Math.max(1, min) : min;
  const [text, setText] = useState<number | string>(value);
  useEffect(() => setText(value), [value]);
  return (
    <NumberInput
      {...props}
      value={text}
      min={lower}
      max={max}
      allowDecimal={false}
      allowNegative={lower < 0}
      clampBehavior="strict"
      isAllowed={({ value: raw }) => raw.replace('-', '').length <= String(max).length}
      onChange={(next) => {
        setText(next);
        if (typeof next === 'number' && Number.isFinite(next)) onChange(next);
      }}
      onBlur={(event) => {
        if (typeof text !== 'number' || text < lower) {
          setText(lower);
          onChange(lower);
        }
        onBlur?.(event);
      }}
    />
  );
}
