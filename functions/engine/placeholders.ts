const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The value of an own entry only: `{{constructor}}` or `{{__proto__}}` never reach Object.prototype. */
const ownValue = (values: Readonly<Record<string, string>>, name: string): string => {
  const value: unknown = Object.hasOwn(values, name) ? values[name] : undefined;
  return typeof value === 'string' ? value : '';
};

/**
 * Replaces `{{name}}` with its value; unknown names become empty. `encode` adapts values to where
 * they land (a JSON string, a URL component); the template text itself is left as written.
 */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string>>,
  encode: (value: string) => string = (value) => value,
): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => encode(ownValue(values, name)));
}

/** A value inside a JSON string literal, without the surrounding quotes. */
export const jsonEscape = (value: string) => JSON.stringify(value).slice(1, -1);
