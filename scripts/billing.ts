// `npm run billing -- mark-paid <invoice number>`: the operator confirms that an invoice was paid by
// bank transfer. The balance is credited once and the act (акт) becomes available. It opens the same
// database the server uses: DATABASE_URL (Neon in production, or the Node shape's Postgres server)
// or the embedded PGlite folder under DATA_DIR (stop `npm start` first: PGlite allows one process at
// a time).
import { join, resolve } from 'node:path';
import { neonConfig } from '@neondatabase/serverless';
import WebSocket from 'ws';
import { openNeonDb } from '../functions/ports/db-neon';
import { openPgliteDb } from '../functions/ports/db-pglite';
import { openPostgresDb } from '../functions/ports/db-postgres';
import { markInvoicePaid } from '../functions/services/payments/mark-invoice-paid';

const [command, argument] = process.argv.slice(2);
const number = Number(argument);
if (command !== 'mark-paid' || !Number.isInteger(number) || number < 1) {
  console.error('usage: npm run billing -- mark-paid <invoice number>');
  process.exit(2);
}

async function openNeon(connectionString: string) {
  // Node has no global WebSocket before 22; the Neon driver speaks Postgres over one.
  neonConfig.webSocketConstructor = WebSocket;
  const { db, pool } = openNeonDb({ connectionString });
  return { db, close: () => pool.end() };
}

/** Neon's own hosts keep Neon's driver; any other server is the Node shape's Postgres. */
const isNeon = (url: string) => new URL(url).hostname.endsWith('.neon.tech');

async function openPostgres(url: string) {
  const { db, close } = await openPostgresDb(url, { max: 1 });
  return { db, close };
}

const databaseUrl = process.env.DATABASE_URL;
const opened = databaseUrl
  ? await (isNeon(databaseUrl) ? openNeon(databaseUrl) : openPostgres(databaseUrl))
  : await (async () => {
      const { db, client } = await openPgliteDb(join(resolve(process.env.DATA_DIR ?? './data'), 'pg'));
      return { db, close: () => client.close() };
    })();

let code = 0;
try {
  const result = await markInvoicePaid(opened.db, number, new Date());
  if (result.kind === 'not_found') {
    console.error(`No invoice № ${number}.`);
    code = 1;
  } else if (result.kind === 'already_paid') {
    console.log(`Invoice № ${number} was already paid (act № ${result.actNumber}); nothing changed.`);
  } else {
    console.log(
      `Invoice № ${number} is paid: ${result.amountMinor / 100} rub credited to account ${result.accountId}; act № ${result.actNumber}.`,
    );
  }
} finally {
  await opened.close();
}
// Set last and explicitly: closing the embedded database resets process.exitCode.
process.exit(code);
