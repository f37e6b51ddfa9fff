import { Input, PinInput } from '@mantine/core';
import { useId } from 'react';
import { CODE_LENGTH } from '../../../../functions/shared/constants';
import { useT } from '../../i18n/use-t';

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The 6-digit e-mail code: one box per digit; pasting and one-time-code autofill fill them all. */
export function CodeField({ value, onChange, error }: CodeFieldProps) {
  const { t } = useT();
  const labelId = useId();
  return (
    <Input.Wrapper
      label={t('auth.code')}
      labelElement="div"
      labelProps={{ id: labelId }}
      error={error}
      data-testid="code-field"
    >
      <PinInput
        aria-labelledby={labelId}
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        getInputProps={(index) => ({
          'aria-label': t('auth.code_digit', { position: index + 1, total: CODE_LENGTH }),
        })}
        mt={4}
      />
    </Input.Wrapper>
  );
}
