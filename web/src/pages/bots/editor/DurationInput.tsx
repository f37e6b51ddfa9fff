import { Group } from '@mantine/core';
import { useState } from 'react';
import { AppSelect } from '../../../components/AppSelect';
import { Counter } from '../../../components/Counter';
import { useT } from '../../../i18n/use-t';

const UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
type Unit = keyof typeof UNITS;
const UNIT_NAMES = Object.keys(UNITS) as Unit[];

/** The largest unit that shows `seconds` as a whole number. */
const unitFor = (seconds: number): Unit =>
  [...UNIT_NAMES].reverse().find((unit) => seconds > 0 && seconds % UNITS[unit] === 0) ?? 'minutes';

interface DurationInputProps {
  label: string;
  seconds: number;
  onChange: (seconds: number) => void;
  maxSeconds: number;
  error?: string;
}

/** A stop duration in minutes, hours or days, stored in seconds. */
export function DurationInput({ label, seconds, onChange, maxSeconds, error }: DurationInputProps) {
  const { t } = useT();
  const [unit, setUnit] = useState<Unit>(() => unitFor(seconds));
  const amount = Math.round(seconds / UNITS[unit]);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Counter
        label={label}
        positiveOnly
        value={amount}
        max={Math.floor(maxSeconds / UNITS[unit])}
        onChange={(value) => onChange(value * UNITS[unit])}
        error={error}
        w={180}
      />
      <AppSelect<Unit>
        label={t('duration.unit')}
        value={unit}
        data={UNIT_NAMES.map((name) => ({ value: name, label: t(`duration.${name}`) }))}
        onChange={(next) => {
          setUnit(next);
          onChange(Math.min(maxSeconds, Math.max(1, amount) * UNITS[next]));
        }}
        w={140}
      />
    </Group>
  );
}
