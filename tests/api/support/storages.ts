import { eq } from 'drizzle-orm';
import { accounts } from '../../../db/schema';
import type { TestApp } from '../../support/test-app';
import type { Answer, Call } from './client';
import { signedInUser } from './client';

/** A signed-in owner with the account id (for reading its ledger and history). */
export async function signedInOwner(t: TestApp) {
  const owner = await signedInUser(t);
  const [account] = await t.db.select().from(accounts).where(eq(accounts.email, owner.email));
  if (!account) throw new Error('no account');
  return { ...owner, accountId: account.id };
}

/** Uploads bytes as the storage modal does: multipart/form-data with `file` and a description. */
export async function uploadFile(
  t: TestApp,
  token: string,
  storageId: string,
  name: string,
  bytes: Uint8Array | string,
  description = '',
): Promise<Answer> {
  const form = new FormData();
  form.set('file', new File([typeof bytes === 'string' ? bytes : (bytes as Uint8Array<ArrayBuffer>)], name));
  form.set('description', description);
  const response = await t.app.request(`/api/storages/${storageId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-test-ip': '10.0.0.1' },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
}

export async function createStorage(call: Call, token: string, type: 'vector' | 'media', name = 'Прайс') {
  const created = await call('POST', '/api/storages', { token, body: { type, name, description: '' } });
  if (created.status !== 201) throw new Error(`create storage: ${JSON.stringify(created.json)}`);
  return created.json.id as string;
}

/** Runs due jobs until the file is indexed (or failed); the indexing job queues its own next runs. */
export async function indexed(t: TestApp, call: Call, token: string, storageId: string, fileId: string) {
  for (let round = 0; round < 50; round++) {
    await t.jobs.runDue();
    const files = await call('GET', `/api/storages/${storageId}/files`, { token });
    const file = files.json.find((one: { id: string }) => one.id === fileId);
    if (file.state === 'ready' || file.state === 'failed') return file;
    t.clock.advance(1000);
  }
  throw new Error('the file was not indexed');
}
