import {
  PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type messages as wire,
} from '@electric-sql/pglite';

/** Named statements kept at most; the least recently used one is closed to make room. */
const KEPT_STATEMENTS = 256;

/** Postgres refuses a kept statement whose result's columns changed since (a migration). */
const PLAN_CHANGED = '0A000';

interface Kept {
  name: string;
  paramTypes: number[];
}

const join = (parts: Uint8Array[]): Uint8Array => {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

/** The rows a command reports ("INSERT 0 3", "UPDATE 2"); 0 for the others, as PGlite counts. */
function rowCount(tag: string): number {
  const [command, first, second] = tag.split(' ');
  if (command === 'INSERT') return Number.parseInt(second ?? '0', 10);
  if (command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE')
    return Number.parseInt(first ?? '0', 10);
  return 0;
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * PGlite whose `query` keeps each statement prepared under a name, as node-postgres does with named
 * queries: the first run parses, plans and learns the parameters' types (one call into Postgres);
 * every later run binds and executes in one call. PGlite's own `query` makes six calls a statement
 * (parse, describe, bind, describe, execute, sync), each through its JavaScript wrappers, which cost
 * far more than `select 1` itself (0.25 ms against 0.03 ms); and it parses and plans every run. Values
 * are serialised and rows parsed by PGlite's own type handlers, so results are the same as its
 * `query`'s. Transactions (`transaction()`) and `exec` keep PGlite's own path.
 */
export class PreparedPGlite extends PGlite {
  readonly #kept = new Map<string, Kept>();
  #named = 0;

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        try {
          return await this.#run<T>(text, params, options);
        } catch (error) {
          if (codeOf(error) !== PLAN_CHANGED || !this.#kept.has(text)) throw error;
          await this.#forget(text);
          return await this.#run<T>(text, params, options);
        }
      }),
    );
  }

  async #run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const kept = await this.#prepared(text, params, options);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = kept.paramTypes[i] ?? 0;
      const serialize = options?.serializers?.[type] ?? this.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    const messages = await this.#call(
      [
        protocol.serialize.bind({ statement: kept.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ],
      text,
      params,
      options,
    );
    await this.syncToFs();
    return this.#results<T>(messages, options);
  }

  /**
   * The rows of one statement, as PGlite's parseResults makes them, without copying every type's
   * parser into a new object each time (that copy took a third of a statement's time).
   */
  #results<T>(messages: wire.BackendMessage[], options?: QueryOptions): Results<T> {
    const own = options?.parsers;
    let fields: { name: string; dataTypeID: number }[] = [];
    const rows: unknown[] = [];
    let affectedRows = 0;
    for (const message of messages) {
      if (message.name === 'rowDescription') {
        fields = (message as wire.RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({
          name,
          dataTypeID,
        }));
      } else if (message.name === 'dataRow') {
        const values = (message as wire.DataRowMessage).fields.map((value, i) => {
          const type = fields[i]?.dataTypeID ?? 0;
          if (value === null) return null;
          const parser = own?.[type] ?? this.parsers[type];
          return parser ? parser(value, type) : value;
        });
        rows.push(
          options?.rowMode === 'array'
            ? values
            : Object.fromEntries(values.map((value, i) => [fields[i]?.name ?? String(i), value])),
        );
      } else if (message.name === 'commandComplete') {
        affectedRows = rowCount((message as wire.CommandCompleteMessage).text);
      }
    }
    return { rows: rows as T[], fields, affectedRows };
  }

  /** The statement kept for `text`, parsed and described now when it is not kept yet. */
  async #prepared(text: string, params: unknown[], options?: QueryOptions): Promise<Kept> {
    const known = this.#kept.get(text);
    if (known) {
      // Most recently used last, so the first is the one to close.
      this.#kept.delete(text);
      this.#kept.set(text, known);
      return known;
    }
    const messages: Uint8Array[] = [];
    if (this.#kept.size >= KEPT_STATEMENTS) {
      const [oldest] = this.#kept.keys();
      if (oldest !== undefined) messages.push(this.#close(oldest));
    }
    const name = `pglite_${++this.#named}`;
    const described = await this.#call(
      [
        ...messages,
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ],
      text,
      params,
      options,
    );
    const kept = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    this.#kept.set(text, kept);
    return kept;
  }

  #close(text: string): Uint8Array {
    const kept = this.#kept.get(text);
    this.#kept.delete(text);
    return kept ? protocol.serialize.close({ type: 'S', name: kept.name }) : new Uint8Array(0);
  }

  async #forget(text: string): Promise<void> {
    await this.execProtocolStream(join([this.#close(text), protocol.serialize.sync()]), { syncToFs: false });
  }

  /** One call into Postgres; its error carries the statement, as PGlite's `query` gives it. */
  async #call(parts: Uint8Array[], text: string, params: unknown[], options?: QueryOptions) {
    try {
      return await this.execProtocolStream(join(parts), { syncToFs: false });
    } catch (error) {
      if (error instanceof Error && 'code' in error)
        Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }
}
