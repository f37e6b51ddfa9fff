import { bearer, type FakeServer, sendJson, serveFake } from './serve';

/**
 * A fake of Upstash Redis's REST API, as @upstash/redis speaks it: `POST /` with one command as a JSON
 * array, `POST /pipeline` and `POST /multi-exec` with an array of commands, `Authorization: Bearer`,
 * answers `{result}` or `{error}` (one per command for pipelines), and with `Upstash-Encoding: base64`
 * string results base64-encoded except "OK". Enough commands for the kv port; others answer an error.
 */

type Value = string | number | null | Value[];

interface Entry {
  value: string;
  expiresAt: number | null;
}

class CommandError extends Error {}

const OK = 'OK';

function toInteger(value: string, message = 'ERR value is not an integer or out of range'): number {
  if (!/^-?\d+$/.test(value)) throw new CommandError(message);
  return Number(value);
}

class Store {
  private readonly entries = new Map<string, Entry>();

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt != null && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  run([rawName, ...args]: string[]): Value {
    const name = (rawName ?? '').toUpperCase();
    const arity = (min: number) => {
      if (args.length < min)
        throw new CommandError(`ERR wrong number of arguments for '${name.toLowerCase()}'`);
    };
    const key = args[0] ?? '';
    switch (name) {
      case 'PING':
        return args[0] ?? 'PONG';
      case 'GET':
        arity(1);
        return this.live(key)?.value ?? null;
      case 'SET':
        arity(2);
        return this.set(key, args[1] ?? '', args.slice(2));
      case 'DEL':
        arity(1);
        return args.filter((k) => this.live(k) && this.entries.delete(k)).length;
      case 'EXISTS':
        arity(1);
        return args.filter((k) => this.live(k)).length;
      case 'INCR':
        arity(1);
        return this.incrBy(key, 1);
      case 'INCRBY':
        arity(2);
        return this.incrBy(key, toInteger(args[1] ?? ''));
      case 'EXPIRE':
        arity(2);
        return this.expire(key, toInteger(args[1] ?? '') * 1000, args[2]?.toUpperCase());
      case 'PEXPIRE':
        arity(2);
        return this.expire(key, toInteger(args[1] ?? ''), args[2]?.toUpperCase());
      case 'TTL':
      case 'PTTL': {
        arity(1);
        const entry = this.live(key);
        if (!entry) return -2;
        if (entry.expiresAt === null) return -1;
        const ms = entry.expiresAt - Date.now();
        return name === 'TTL' ? Math.ceil(ms / 1000) : ms;
      }
      case 'FLUSHDB':
      case 'FLUSHALL':
        this.entries.clear();
        return OK;
      default:
        throw new CommandError(`ERR unknown command '${rawName}'`);
    }
  }

  private set(key: string, value: string, options: string[]): Value {
    let expiresAt: number | null = null;
    let condition: string | undefined;
    for (let i = 0; i < options.length; i++) {
      const option = options[i]?.toUpperCase();
      if (option === 'EX' || option === 'PX') {
        const amount = toInteger(options[++i] ?? '');
        if (amount <= 0) throw new CommandError("ERR invalid expire time in 'set' command");
        expiresAt = Date.now() + (option === 'EX' ? amount * 1000 : amount);
      } else if (option === 'NX' || option === 'XX') condition = option;
      else throw new CommandError('ERR syntax error');
    }
    const exists = this.live(key) !== undefined;
    if ((condition === 'NX' && exists) || (condition === 'XX' && !exists)) return null;
    this.entries.set(key, { value, expiresAt });
    return OK;
  }

  private incrBy(key: string, by: number): number {
    const entry = this.live(key);
    const next = (entry ? toInteger(entry.value) : 0) + by;
    if (entry) entry.value = String(next);
    else this.entries.set(key, { value: String(next), expiresAt: null });
    return next;
  }

  private expire(key: string, ms: number, condition: string | undefined): number {
    const entry = this.live(key);
    if (!entry) return 0;
    const at = Date.now() + ms;
    const current = entry.expiresAt;
    const refused =
      (condition === 'NX' && current !== null) ||
      (condition === 'XX' && current === null) ||
      (condition === 'GT' && (current === null || at <= current)) ||
      (condition === 'LT' && current !== null && at >= current);
    if (refused) return 0;
    if (ms <= 0) this.entries.delete(key);
    else entry.expiresAt = at;
    return 1;
  }
}

function encode(value: Value): Value {
  if (typeof value === 'string') return value === OK ? value : Buffer.from(value, 'utf8').toString('base64');
  if (Array.isArray(value)) return value.map(encode);
  return value;
}

function isCommand(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0;
}

export interface FakeUpstashRedis extends FakeServer {
  /** Every command received, in order, as sent (for assertions). */
  commands: string[][];
}

export async function startFakeUpstashRedis(token: string): Promise<FakeUpstashRedis> {
  const store = new Store();
  const commands: string[][] = [];
  const execute = (raw: unknown[], base64: boolean): { result: Value } | { error: string } => {
    const command = raw.map((part) => (typeof part === 'string' ? part : JSON.stringify(part)));
    commands.push(command);
    try {
      const result = store.run(command);
      return { result: base64 ? encode(result) : result };
    } catch (error) {
      if (error instanceof CommandError) return { error: error.message };
      throw error;
    }
  };
  const server = await serveFake((request, body, response) => {
    if (request.method !== 'POST') return sendJson(response, 405, { error: 'ERR only POST is supported' });
    if (bearer(request) !== token) return sendJson(response, 401, { error: 'Unauthorized' });
    const base64 = request.headers['upstash-encoding'] === 'base64';
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return sendJson(response, 400, { error: 'ERR failed to parse command' });
    }
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (path === '/pipeline' || path === '/multi-exec') {
      if (!Array.isArray(parsed) || !parsed.every(isCommand)) {
        return sendJson(response, 400, { error: 'ERR a pipeline is an array of commands' });
      }
      return sendJson(
        response,
        200,
        parsed.map((command) => execute(command, base64)),
      );
    }
    if (path !== '/') return sendJson(response, 404, { error: 'ERR unknown endpoint' });
    if (!isCommand(parsed)) return sendJson(response, 400, { error: 'ERR a command is a JSON array' });
    const answer = execute(parsed, base64);
    return sendJson(response, 'error' in answer ? 400 : 200, answer);
  });
  return { ...server, commands };
}
