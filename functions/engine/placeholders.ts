const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * Replaces `{{name}}` with its value; unknown names become empty. `encode` adapts values to where
 * they land (a JSON string, a URL component); the template text itself is left as written.
 */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string) => string = (value) => value,
): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => encode(values[name] ?? ''));
}

/** A value inside a JSON string literal, without the surrounding quotes. */
export const jsonEscape = (value: string) => JSON.stringify(value).slice(1, -1);
