import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storageDays, transactions } from '../../db/schema';
import { billStorageDay } from '../../functions/services/knowledge/storage-billing';
import { storageDayPrice } from '../../functions/shared/knowledge';
import { createTestApp } from '../support/test-app';
import { apiClient, sharedTestApp } from './support/client';
import { ledgerOf } from './support/engine';
import { createStorage, signedInOwner, uploadFile } from './support/storages';

const api = sharedTestApp();

describe('daily storage billing', () => {
  it('prices a day by the bytes used, rounded up to a minor unit', () => {
    expect(storageDayPrice(0, 'rub')).toBe(0);
    expect(storageDayPrice(1, 'rub')).toBe(1);
    expect(storageDayPrice(1024 ** 3, 'rub')).toBe(300);
    expect(storageDayPrice(10 * 1024 ** 3, 'usd')).toBe(40);
  });

  it('writes one write-off per account and day however often it runs, and charges the next day again', async () => {
    const { t, call } = api;
    const owner = await signedInOwner(t);
    const storage = await createStorage(call, owner.token, 'media', 'Фото');
    const bytes = new Uint8Array(3 * 1024 * 1024).fill(7);
    expect((await uploadFile(t, owner.token, storage, 'big.png', bytes)).status).toBe(201);
    // The welcome credit is granted on first spending; grant it as a balance view would.
    await call('GET', '/api/balance', { token: owner.token });

    const day = new Date('2026-11-24T05:00:00Z');
    await billStorageDay(t.ports, day);
    await billStorageDay(t.ports, new Date('2026-11-24T06:00:00Z'));
    await Promise.all([billStorageDay(t.ports, day), billStorageDay(t.ports, day)]);
    const days = await t.db.select().from(storageDays).where(eq(storageDays.accountId, owner.accountId));
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ day: '2026-11-24', bytes: bytes.byteLength, amountMinor: 1 });
    const writeOffs = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.accountId, owner.accountId));
    expect(writeOffs).toEqual([
      expect.objectContaining({
        operation: 'storage',
        status: 'write_off',
        amountMinor: 1,
        comment: '2026-11-24: 3.0 MB',
      }),
    ]);
    const listed = await call('GET', '/api/transactions?page=1', { token: owner.token });
    expect(listed.json.items[0]).toMatchObject({ operation: 'storage', amount_minor: 1 });
    const ledger = (await ledgerOf(t, owner.accountId)).filter((row) => row.kind === 'storage');
    expect(ledger.map((row) => row.amountMinor)).toEqual([-1]);

    await billStorageDay(t.ports, new Date('2026-11-25T00:17:00Z'));
    expect(
      await t.db.select().from(storageDays).where(eq(storageDays.accountId, owner.accountId)),
    ).toHaveLength(2);
  });

  it('bills a day once across a restart over the same database', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'storage-billing-'));
    const first = await createTestApp({ dataDir });
    const call = apiClient(first);
    const owner = await signedInOwner(first);
    const storage = await createStorage(call, owner.token, 'media', 'Фото');
    await uploadFile(first, owner.token, storage, 'a.png', new Uint8Array([1, 2, 3]));
    await billStorageDay(first.ports, new Date('2026-11-24T01:00:00Z'));
    await first.close();
    const second = await createTestApp({ dataDir });
    await billStorageDay(second.ports, new Date('2026-11-24T02:00:00Z'));
    const days = await second.db.select().from(storageDays).where(eq(storageDays.accountId, owner.accountId));
    expect(days).toHaveLength(1);
    await second.close();
  });
});
