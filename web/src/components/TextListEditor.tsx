import { CloseButton, Group, Input, Stack, TextInput } from '@mantine/core';
import { useT } from '../i18n/use-t';
import { AddItemButton, removeAt, updateAt } from './list-items';

interface TextListEditorProps {
  label: string;
  description?: string;
  values: string[];
  onChange: (values: string[]) => void;
  addLabel: string;
  placeholder?: string;
  max: number;
  maxLength?: number;
  error?: string;
}

/** An editable list of short texts (trigger phrases, interruption cases): one field per item. */
export function TextListEditor({
  label,
  description,
  values,
  onChange,
  addLabel,
  placeholder,
  max,
  maxLength,
  error,
}: TextListEditorProps) {
  const { t } = useT();
  const set = (index: number, value: string) => onChange(updateAt(values, index, () => value));
  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div">
      <Stack gap="xs" mt={6}>
        {values.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items are plain texts that may repeat while typed
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              value={item}
              placeholder={placeholder}
              maxLength={maxLength}
              aria-label={`${label} ${index + 1}`}
              onChange={(event) => set(index, event.currentTarget.value)}
            />
            <CloseButton
              aria-label={t('list.remove_item', { n: index + 1 })}
              onClick={() => onChange(removeAt(values, index))}
            />
          </Group>
        ))}
        <AddItemButton disabled={values.length >= max} onClick={() => onChange([...values, ''])}>
          {addLabel}
        </AddItemButton>
      </Stack>
    </Input.Wrapper>
  );
}
