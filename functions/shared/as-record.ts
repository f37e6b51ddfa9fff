/** A JSON value as an object to read fields from: `{}` when it is none (null, a list, a scalar). */
export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
