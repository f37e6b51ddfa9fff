import { Combobox, ScrollArea, Text, Textarea, type TextareaProps, useCombobox } from '@mantine/core';
import { type KeyboardEvent, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/use-t';

export interface MentionOption {
  name: string;
  description?: string;
}

interface MentionTextareaProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** What `@` offers: the bot's variables (and the built-in ones). */
  options: readonly MentionOption[];
  /** How many matches the list shows (SPEC §9: 8 by default, up to 1000 in text fields). */
  limit?: number;
}

/** `@` at the start or after a space or punctuation, then the part of a name typed so far. */
const MENTION = /(?:^|[^\w@{}])@(\w*)$/;

interface Mention {
  start: number;
  end: number;
  query: string;
}

/**
 * A textarea with the mention-style variable input (SPEC §5, §8): typing `@` lists the variables,
 * choosing one inserts `{{name}}`, Enter is blocked while the list is open, and the list says
 * 'Поле не найдено' when nothing matches.
 */
export function MentionTextarea({ value, onChange, options, limit = 8, ...props }: MentionTextareaProps) {
  const { t } = useT();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<Mention | null>(null);
  const combobox = useCombobox({
    opened: mention !== null,
    onOpenedChange: (opened) => {
      if (!opened) setMention(null);
    },
  });

  const query = mention?.query.toLowerCase() ?? '';
  const matches = options.filter((option) => option.name.toLowerCase().includes(query)).slice(0, limit);
  const firstMatch = matches[0]?.name;

  // The first match is highlighted once the list is on screen, so Enter picks what the user sees.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (mention && firstMatch) combobox.selectFirstOption();
      else combobox.resetSelectedOption();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [mention, firstMatch, combobox.selectFirstOption, combobox.resetSelectedOption]);

  const detect = (text: string, caret: number | null, selectionEnd: number | null) => {
    if (caret === null || caret !== selectionEnd) return setMention(null);
    const match = MENTION.exec(text.slice(0, caret));
    if (!match) return setMention(null);
    const typed = match[1] ?? '';
    setMention((current) =>
      current?.end === caret && current.query === typed
        ? current
        : { start: caret - typed.length - 1, end: caret, query: typed },
    );
  };

  const caretMoved = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const { value: text, selectionStart, selectionEnd } = event.currentTarget;
    detect(text, selectionStart, selectionEnd);
  };

  const insert = (name: string) => {
    if (!mention) return;
    const placeholder = `{{${name}}}`;
    onChange(value.slice(0, mention.start) + placeholder + value.slice(mention.end));
    const caret = mention.start + placeholder.length;
    setMention(null);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(caret, caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!mention) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      combobox.selectNextOption();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      combobox.selectPreviousOption();
    } else if (event.key === 'Enter' || (event.key === 'Tab' && firstMatch)) {
      // Enter never makes a new line while the list is open: it picks the highlighted variable.
      event.preventDefault();
      if (combobox.getSelectedOptionIndex() !== -1) combobox.clickSelectedOption();
      else if (firstMatch) insert(firstMatch);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setMention(null);
    }
  };

  return (
    <Combobox store={combobox} onOptionSubmit={insert} position="bottom-start" width={360}>
      <Combobox.Target withKeyboardNavigation={false}>
        <Textarea
          autosize
          minRows={3}
          maxRows={16}
          {...props}
          ref={textarea}
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            caretMoved(event);
          }}
          onSelect={caretMoved}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            setMention(null);
            props.onBlur?.(event);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown data-testid="mention-list">
        <Combobox.Options aria-label={t('mention.list')}>
          <ScrollArea.Autosize mah={240} type="scroll">
            {matches.length === 0 ? (
              <Combobox.Empty>{t('mention.not_found')}</Combobox.Empty>
            ) : (
              matches.map((option) => (
                <Combobox.Option value={option.name} key={option.name}>
                  <Text size="sm" ff="monospace">
                    {option.name}
                  </Text>
                  {option.description && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {option.description}
                    </Text>
                  )}
                </Combobox.Option>
              ))
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
