import { Stack, Switch } from '@mantine/core';
import { Counter } from '../../../components/Counter';

interface OptionalCounterProps {
  /** The switch that turns the setting on. */
  label: string;
  description?: string;
  /** The number's label (with its unit). */
  counterLabel: string;
  counterHint?: string;
  /** Null while off. */
  value: number | null;
  /** What the number starts at when the setting is switched on. */
  initial: number;
  max: number;
  onChange: (value: number | null) => void;
}

/** An optional whole number of at least 1 (a nullable setting): a switch, then the counter. */
export function OptionalCounter(props: OptionalCounterProps) {
  const { label, description, counterLabel, counterHint, value, initial, max, onChange } = props;
  return (
    <Stack gap="xs">
      <Switch
        label={label}
        description={description}
        checked={value !== null}
        onChange={(event) => onChange(event.currentTarget.checked ? initial : null)}
      />
      {value !== null && (
        <Counter
          label={counterLabel}
          description={counterHint}
          positiveOnly
          max={max}
          value={value}
          onChange={onChange}
          w={240}
        />
      )}
    </Stack>
  );
}
