import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sellerFromConfig } from '../../functions/payments/invoice/seller-config';
import { PROPRIETOR_REQUISITES, SBERBANK_REQUISITES } from '../support/requisites';
import { createTestApp } from '../support/test-app';
import { apiClient, signedInUser } from './support/client';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const tmpRoot = join(root, 'tests/.tmp');
let dataDir = '';
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const settings = {
  invoiceSeller: sellerFromConfig(JSON.stringify({ ...SBERBANK_REQUISITES, vat_rate: null })),
};

/**
 * `npm run billing -- mark-paid N` against the embedded database folder (or the test Postgres
 * server's database), as an operator runs it.
 */
let databaseUrl = '';
const billing = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/billing.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  });

describe('npm run billing -- mark-paid', () => {
  it('marks an invoice paid once: the balance is credited and the act appears', async () => {
    dataDir = await mkdtemp(join(tmpRoot, 'billing-'));
    let t = await createTestApp({ dataDir: join(dataDir, 'pg'), settings });
    databaseUrl = t.databaseUrl ?? '';
    const owner = await signedInUser(t);
    let call = apiClient(t);
    const before = (await call('GET', '/api/balance', { token: owner.token })).json.total_minor as number;
    const issued = await call('POST', '/api/payment/invoice', {
      token: owner.token,
      body: { amount_minor: 300_000, requisites: PROPRIETOR_REQUISITES },
    });
    const number = issued.json.transaction.invoice_number as number;
    await t.close();

    const first = await billing('mark-paid', String(number));
    expect(first.stdout).toContain(`Invoice № ${number} is paid`);
    const again = await billing('mark-paid', String(number));
    expect(again.stdout).toContain('was already paid');
    await expect(billing('mark-paid', '999999')).rejects.toMatchObject({ code: 1 });
    await expect(billing('mark-paid', 'x')).rejects.toMatchObject({ code: 2 });

    t = await createTestApp({ dataDir: join(dataDir, 'pg'), settings });
    call = apiClient(t);
    try {
      const login = await call('POST', '/api/login', {
        body: { email: owner.email, password: owner.password },
      });
      const balance = await call('GET', '/api/balance', { token: login.json.token });
      expect(balance.json.total_minor).toBe(before + 300_000);
      const row = balance.json.transactions.find(
        (item: { id: string }) => item.id === issued.json.transaction.id,
      );
      expect(row).toMatchObject({ status: 'paid', act_number: expect.any(Number) });
    } finally {
      await t.close();
    }
  }, 120_000);
});
