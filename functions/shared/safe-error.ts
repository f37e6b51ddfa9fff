/**
 * An error as text fit for logs and stored error columns. Drizzle's query errors put the bound
 * parameters in their message ("params: …"): customer texts, tokens, password hashes. Those are
 * dropped; the database's own reason and the statement (with $n placeholders) are kept.
 */
export function safeErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const query = /^Failed query: ([\s\S]*?)\nparams:/.exec(error.message)?.[1];
  if (query === undefined) return error.message;
  const cause = error.cause instanceof Error ? error.cause.message : 'database error';
  return `${cause} (query: ${query.slice(0, 300)})`;
}
