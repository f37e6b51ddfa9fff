import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../functions/ports/clock';
import { PostgresKv } from '../../functions/ports/kv-postgres';
import { type PostgresRoomsBus, postgresRoomsBus } from '../../functions/ports/rooms-bus-postgres';
import { LocalRooms } from '../../functions/ports/rooms-local';
import { openTestDb, TEST_DATABASE_URL, type TestDb } from '../support/test-database';
import { waitUntil } from '../support/wait-until';

/**
 * Two processes' rooms on one Postgres server (the bus of `npm start` with DATABASE_URL), here two
 * LocalRooms in one test process, each with its own LISTEN connection: what one publishes reaches
 * the other's sockets in order, a message past NOTIFY's 8,000 bytes too. Needs a Postgres server:
 * runs in the "api (postgres)" pass.
 */
const onServer = describe.skipIf(!TEST_DATABASE_URL);

let database: TestDb;
const buses: PostgresRoomsBus[] = [];
beforeAll(async () => {
  if (TEST_DATABASE_URL) database = await openTestDb();
});
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await database?.close();
});

async function processRooms() {
  if (!database?.url) throw new Error('a Postgres database was expected');
  const bus = postgresRoomsBus(database.url, new PostgresKv(database.db, systemClock));
  buses.push(bus);
  const rooms = new LocalRooms('rooms:test-secret', 'http://127.0.0.1:1', bus);
  await rooms.listen();
  return rooms;
}

onServer('rooms shared through Postgres', () => {
  it('delivers what one process publishes to the other’s subscribers, in order, long ones too', async () => {
    const [first, second] = [await processRooms(), await processRooms()];
    const heard: unknown[] = [];
    second.join('chat:1', { send: (data) => heard.push(JSON.parse(data)) });
    const long = 'Ответ '.repeat(2_000);
    await first.publish('chat:1', { n: 1 });
    await first.publish('chat:1', { n: 2, text: long });
    await first.publish('chat:1', { n: 3 });
    await first.publish('chat:2', { n: 4 });
    await waitUntil(() => heard.length >= 3);
    expect(heard).toEqual([{ n: 1 }, { n: 2, text: long }, { n: 3 }]);
  });

  it('closes the other process’s sockets of a revoked session', async () => {
    const [first, second] = [await processRooms(), await processRooms()];
    const closed: number[] = [];
    second.join('account:1', { send: () => {}, close: (code) => closed.push(code), sessionId: 's-1' });
    second.join('account:1', { send: () => {}, close: (code) => closed.push(code), sessionId: 's-2' });
    await first.revokeSockets('account:1', { session: 's-1' });
    await waitUntil(() => closed.length > 0);
    expect(closed).toHaveLength(1);
  });
});
