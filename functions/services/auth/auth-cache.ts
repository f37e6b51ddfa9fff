import { getTableColumns } from 'drizzle-orm';
import { type Account, accounts } from '../../../db/schema';
import type { Db } from '../../ports/db';
import type { Kv } from '../../ports/kv';

/**
 * Signed-in requests find their account in `kv` instead of Postgres. An entry holds the account row
 * and the account's generation as it was before the row was read; whatever changes the account, its
 * sessions or its keys sets a new generation (`accountChanged`), so every entry of that account stops
 * matching on the very next request. Reading the generation before Postgres means a lookup that races
 * a revocation can only cache an entry that is already stale, never a revoked credential as live.
 */
const ENTRY_TTL_SECONDS = 60;
/** Longer than any entry lives; when it lapses, entries just stop matching and are read again. */
const GENERATION_TTL_SECONDS = 24 * 60 * 60;
/** The generation of an account that has none set; `accountChanged` never writes it. */
const NO_GENERATION = '-';

/** What credential lookups and revocations touch. */
export interface AuthPorts {
  db: Db;
  kv: Kv;
}

interface Entry {
  /** The generation read before the row; null when the account was not known beforehand. */
  generation: string | null;
  /** The account row without its password hash. */
  account: Record<string, unknown>;
}

const generationKey = (accountId: string) => `auth:gen:${accountId}`;
const dateColumns = Object.entries(getTableColumns(accounts))
  .filter(([, column]) => column.dataType === 'date')
  .map(([name]) => name);

/** Marks every cached session and key of the account stale; call after each change to any of them. */
export async function accountChanged(kv: Kv, accountId: string): Promise<void> {
  await kv.set(generationKey(accountId), crypto.randomUUID(), { ttlSeconds: GENERATION_TTL_SECONDS });
}

const generationOf = async (kv: Kv, accountId: string) =>
  (await kv.get(generationKey(accountId))) ?? NO_GENERATION;

/**
 * The password hash never travels with a signed-in request: kv is no place for it, and nothing
 * there needs it (code that checks a password reads the hash itself). Cached or not, it is ''; and
 * cached or not the account is frozen, so code that would change it fails on the first request.
 */
const withoutHash = (account: Account): Account => Object.freeze({ ...account, passwordHash: '' });

/** An entry as read: its generation, the account's id and the account revived (frozen: it is shared). */
interface ReadEntry {
  generation: string | null;
  accountId: string | undefined;
  account: Readonly<Account>;
}

/**
 * Entries already parsed, by their text: a signed-in request reads the same text as the one before
 * it, and parsing it and reviving its dates was 5 % of such a request. Bounded; emptied when full.
 */
const parsedEntries = new Map<string, ReadEntry>();
const PARSED_ENTRIES_MAX = 1_000;

function revive(raw: Record<string, unknown>): Account {
  const account: Record<string, unknown> = { ...raw, passwordHash: '' };
  for (const name of dateColumns) {
    const value = account[name];
    if (typeof value === 'string') account[name] = new Date(value);
  }
  return Object.freeze(account) as unknown as Account;
}

function parseEntry(text: string): ReadEntry | null {
  try {
    const entry = JSON.parse(text) as Entry;
    const accountId = typeof entry.account.id === 'string' ? entry.account.id : undefined;
    return { generation: entry.generation, accountId, account: revive(entry.account) };
  } catch {
    return null;
  }
}

async function readEntry(kv: Kv, key: string): Promise<ReadEntry | null> {
  const text = await kv.get(key);
  if (!text) return null;
  const known = parsedEntries.get(text);
  if (known) return known;
  const entry = parseEntry(text);
  if (!entry) return null;
  if (parsedEntries.size >= PARSED_ENTRIES_MAX) parsedEntries.clear();
  parsedEntries.set(text, entry);
  return entry;
}

/**
 * The account behind a credential, from `kv` when a current entry exists, otherwise from `load`
 * (then cached). `accountId` is the account the credential names, when it names one (a session
 * token does; an API key does not, so its first lookup caches an entry that the next one renews).
 */
export async function cachedAccount(
  kv: Kv,
  key: string,
  accountId: string | undefined,
  load: () => Promise<Account | null>,
): Promise<Account | null> {
  const [entry, named] = await Promise.all([
    readEntry(kv, key),
    accountId ? generationOf(kv, accountId) : undefined,
  ]);
  const cachedId = entry?.accountId;
  const owner = accountId ?? cachedId;
  const generation = named ?? (owner ? await generationOf(kv, owner) : undefined);
  if (entry && cachedId === owner && entry.generation !== null && entry.generation === generation) {
    return entry.account;
  }
  const found = await load();
  if (!found) return null;
  const { passwordHash: _hash, ...row } = found;
  const fresh: Entry = { generation: found.id === owner ? (generation ?? null) : null, account: row };
  await kv.set(key, JSON.stringify(fresh), { ttlSeconds: ENTRY_TTL_SECONDS });
  return withoutHash(found);
}
