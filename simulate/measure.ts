import type { Query } from './instrument';
import type { ChatRow, CustomerRow, HistoryRow, ReplyRow } from './outcomes';

/** Statements the server executed in the day's window, as pg_stat_statements counted them. */
export interface StatementCounts {
  /** Every top-level statement (a round trip; BEGIN and COMMIT included) of the product's processes. */
  total: number;
  /** The local job runner's own (the jobs table): QStash carries them in production. */
  jobRunner: number;
  /** Rate limits, locks and caches (kv_entries): Upstash Redis commands in production. */
  kv: number;
  /** The live rooms' fan-out between processes (`pg_notify`): PartyKit carries it in production. */
  roomBus: number;
  /** The most frequent statements, for docs/SCALE.md. */
  top: { calls: number; query: string }[];
}

export async function statementCounts(query: Query, excludeRole: string): Promise<StatementCounts> {
  const mine = `s.dbid = (select oid from pg_database where datname = current_database())
    and s.userid <> (select oid from pg_roles where rolname = '${excludeRole}')`;
  const [sums] = await query<{ total: number; job_runner: number; kv: number; room_bus: number }>(`
    select coalesce(sum(calls), 0)::float8 as total,
      coalesce(sum(calls) filter (where query ~ '"?(failed_)?jobs"?\\y' and query !~ 'engine_'), 0)::float8 as job_runner,
      coalesce(sum(calls) filter (where query ~ '"?kv_entries"?'), 0)::float8 as kv,
      coalesce(sum(calls) filter (where query ~ '\\ypg_notify\\y'), 0)::float8 as room_bus
    from pg_stat_statements s where ${mine}`);
  const top = await query<{ calls: number; query: string }>(`
    select calls::float8 as calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query
    from pg_stat_statements s where ${mine} order by calls desc limit 12`);
  return {
    total: sums?.total ?? 0,
    jobRunner: sums?.job_runner ?? 0,
    kv: sums?.kv ?? 0,
    roomBus: sums?.room_bus ?? 0,
    top,
  };
}

/** Statements of `role` (the simulator's own reading, one transaction each) in the window. */
export async function callsOf(query: Query, role: string): Promise<number> {
  const [row] = await query<{ calls: number }>(`
    select coalesce(sum(calls), 0)::float8 as calls from pg_stat_statements s
    where s.userid = (select oid from pg_roles where rolname = '${role}')`);
  return row?.calls ?? 0;
}

/** Committed and rolled back transactions of the database so far. */
export async function transactionsSoFar(query: Query): Promise<number> {
  const [row] = await query<{ n: number }>(`
    select (xact_commit + xact_rollback)::float8 as n from pg_stat_database where datname = current_database()`);
  return row?.n ?? 0;
}

export interface JobFigures {
  /** How late each run of a job started after it was due, in ms. */
  lagMs: number[];
  /** Jobs queued in the window by name (a publish each in production), and runs (deliveries). */
  queued: Record<string, number>;
  runs: Record<string, number>;
}

/** The jobs queued and started since `since` (the day's start: setting up the accounts apart). */
export async function jobFigures(query: Query, since: Date): Promise<JobFigures> {
  const from = `'${since.toISOString()}'::timestamptz`;
  const runs = await query<{ name: string; lag_ms: number }>(`
    select name, extract(epoch from started_at - run_at)::float8 * 1000 as lag_ms
    from simulate_job_runs where started_at >= ${from}`);
  const queued = await query<{ name: string; n: number }>(
    `select name, count(*)::int as n from simulate_job_inserts where created_at >= ${from} group by name`,
  );
  const count = (rows: { name: string }[]) => {
    const byName: Record<string, number> = {};
    for (const row of rows) byName[row.name] = (byName[row.name] ?? 0) + 1;
    return byName;
  };
  return {
    lagMs: runs.map((row) => Math.max(0, row.lag_ms)),
    queued: Object.fromEntries(queued.map((row) => [row.name, row.n])),
    runs: count(runs),
  };
}

export interface DayRows {
  customers: CustomerRow[];
  history: HistoryRow[];
  replies: ReplyRow[];
  chats: ChatRow[];
  /** Messages written by the bot, an operator or the system (each a realtime event too). */
  otherMessages: number;
  widgetChats: number;
  /** Messages of widget chats (each also an event in the visitor's room). */
  widgetMessages: number;
  /** Bot and operator messages of Telegram chats delivered (each one sendMessage to Telegram). */
  telegramDelivered: number;
}

export async function dayRows(query: Query): Promise<DayRows> {
  const customers = await query<CustomerRow>(
    `select id, chat_id, text, created_at, answered_at from messages where author = 'customer'`,
  );
  const history = await query<HistoryRow>('select id, status, event, message from history_entries');
  const replies = await query<ReplyRow>(
    `select history_id, delivered_at from messages where author = 'bot' or history_id is not null`,
  );
  const chats = await query<ChatRow>(`
    select c.id, coalesce(b.process_scheme, 'none') as scheme,
      (select count(*)::int from messages m where m.chat_id = c.id and m.author = 'operator') as operator_messages
    from chats c left join bots b on b.id = c.bot_id`);
  const [counts] = await query<{
    other: number;
    widget_chats: number;
    widget_messages: number;
    telegram_delivered: number;
  }>(`
    select (select count(*)::int from messages where author <> 'customer') as other,
      (select count(*)::int from chats where channel = 'onchat') as widget_chats,
      (select count(*)::int from messages m join chats c on c.id = m.chat_id
        where c.channel = 'onchat') as widget_messages,
      (select count(*)::int from messages m join chats c on c.id = m.chat_id
        where c.channel = 'telegram' and m.author in ('bot', 'operator') and m.delivered_at is not null)
        as telegram_delivered`);
  const asDate = (value: unknown) => (value === null ? null : new Date(value as string | Date));
  return {
    customers: customers.map((row) => ({
      ...row,
      created_at: asDate(row.created_at) as Date,
      answered_at: asDate(row.answered_at),
    })),
    history,
    replies: replies.map((row) => ({ ...row, delivered_at: asDate(row.delivered_at) })),
    chats,
    otherMessages: counts?.other ?? 0,
    widgetChats: counts?.widget_chats ?? 0,
    widgetMessages: counts?.widget_messages ?? 0,
    telegramDelivered: counts?.telegram_delivered ?? 0,
  };
}
