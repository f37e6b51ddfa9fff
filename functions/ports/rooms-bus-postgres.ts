import postgres from 'postgres';
import { safeErrorText } from '../shared/safe-error';
import type { Kv } from './kv';
import type { RoomBusEvent, RoomsBus } from './rooms-local';

const CHANNEL = 'rooms';
/** Postgres refuses a NOTIFY payload of 8,000 bytes or more: a bigger event travels through kv. */
const NOTIFY_BYTES = 7_900;
const PARKED_SECONDS = 60;

export interface PostgresRoomsBus extends RoomsBus {
  close(): Promise<void>;
}

/**
 * Room events between the `npm start` processes of one Postgres database (DATABASE_URL): each is a
 * NOTIFY on one channel that every process LISTENs to, in the order it was sent. A long message
 * (a bot's reply near the channel's limit) is parked in kv for a minute and the notice names it.
 */
export function postgresRoomsBus(url: string, kv: Kv): PostgresRoomsBus {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const read = async (payload: string): Promise<RoomBusEvent | null> => {
    const notice = JSON.parse(payload) as RoomBusEvent | { parked: string };
    if (!('parked' in notice)) return notice;
    const parked = await kv.get(notice.parked);
    return parked ? (JSON.parse(parked) as RoomBusEvent) : null;
  };
  return {
    async send(event) {
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > NOTIFY_BYTES) {
        const key = `room-event:${crypto.randomUUID()}`;
        await kv.set(key, payload, { ttlSeconds: PARKED_SECONDS });
        payload = JSON.stringify({ parked: key });
      }
      await sql.notify(CHANNEL, payload);
    },
    async listen(receive) {
      // One after another, so a parked event is not overtaken by the short one sent after it.
      let previous = Promise.resolve();
      await sql.listen(CHANNEL, (payload) => {
        previous = previous
          .then(() => read(payload))
          .then((event) => {
            if (event) receive(event);
          })
          .catch((error: unknown) => console.error('a room event could not be read', safeErrorText(error)));
      });
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
