/**
 * Production deploy step after `wrangler deploy`: makes QStash's cron schedules match schedules/
 * (`QSTASH_TOKEN`, `PUBLIC_URL`; `QSTASH_URL` optional).
 */
import { Client } from '@upstash/qstash';
import { syncSchedules } from '../functions/ports/jobs-qstash';
import { schedules } from '../schedules';

const { QSTASH_TOKEN, PUBLIC_URL, QSTASH_URL } = process.env;
if (!QSTASH_TOKEN || !PUBLIC_URL) {
  console.error('QSTASH_TOKEN and PUBLIC_URL must be set');
  process.exit(1);
}
const client = new Client({ token: QSTASH_TOKEN, baseUrl: QSTASH_URL });
const { upserted, deleted } = await syncSchedules(client, PUBLIC_URL.replace(/\/+$/, ''), schedules);
console.log(`schedules: ${upserted.length} in place, ${deleted.length} removed`);
