import type { MentionOption } from '../../../components/MentionTextarea';
import { MentionTextarea } from '../../../components/MentionTextarea';

interface ActionTextareaProps {
  label: string;
  description?: string;
  minRows: number;
  mentions: readonly MentionOption[];
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** A text of an action (description, goal, field value, task text) with `@` variables. */
export function ActionTextarea({
  label,
  description,
  minRows,
  mentions,
  value,
  onChange,
  error,
}: ActionTextareaProps) {
  return (
    <MentionTextarea
      label={label}
      description={description}
      minRows={minRows}
      limit={1000}
      maxLength={2000}
      options={mentions}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
