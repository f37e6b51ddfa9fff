import { TextInput, type TextInputProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { formatPhoneMask } from '../../../functions/shared/phone';

export const PHONE_MASK_PLACEHOLDER = '7 (___) ___-__-__';

const EDITING_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

/** SPEC §5: phone input with the `7 (###) ###-##-##` mask that accepts only digits and editing keys. */
function allowOnlyPhoneKeys(event: KeyboardEvent<HTMLInputElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (EDITING_KEYS.has(event.key) || /^\d$/.test(event.key)) return;
  event.preventDefault();
}

interface PhoneInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value?: string;
  onChange: (value: string) => void;
}

export function PhoneInput({ value = '', onChange, ...props }: PhoneInputProps) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={PHONE_MASK_PLACEHOLDER}
      {...props}
      value={value}
      onKeyDown={allowOnlyPhoneKeys}
      onChange={(event) => onChange(formatPhoneMask(event.currentTarget.value))}
    />
  );
}
