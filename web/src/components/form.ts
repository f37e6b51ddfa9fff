import * as v from 'valibot';

/**
 * Runs a shared valibot schema (functions/shared/schemas) over form values and returns the first
 * problem per field as a message id, so the browser checks exactly what the server checks.
 */
export function schemaErrors(schema: v.GenericSchema, values: unknown): Record<string, string> {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '_';
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** A schema as a Mantine form `validate` function. */
export const validateWith =
  (schema: v.GenericSchema) =>
  (values: unknown): Record<string, string> =>
    schemaErrors(schema, values);
