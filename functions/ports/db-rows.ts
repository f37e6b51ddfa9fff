import { getTableColumns, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';
import { type Db, rowsOf } from './db';

/** The one value of a statement that selects one (a function's result): `select f(...) as value`. */
export async function selectValue<T>(db: Db, statement: SQL): Promise<T> {
  const [row] = rowsOf<{ value: T }>(await db.execute(statement));
  if (!row) throw new Error('the statement returned no row');
  return row.value;
}

/**
 * A table's row as Postgres writes it in JSON (`to_jsonb(row)`: column names, timestamps as text),
 * read the way drizzle reads the row itself: each column's own mapping (dates, numbers, JSON).
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
