import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDadataClient,
  DADATA_API_ROOT,
  type DadataClientOptions,
  DadataError,
} from '../../functions/payments/invoice/dadata';
import { checkRequisites } from '../../functions/payments/invoice/requisites';
import { type FakeDadata, startFakeDadata } from '../fakes/dadata';
import { serveFake } from '../fakes/serve';

let fake: FakeDadata;

beforeAll(async () => {
  fake = await startFakeDadata();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const client = (options: Partial<DadataClientOptions> = {}) =>
  createDadataClient({ apiKey: fake.apiKey, apiRoot: fake.apiRoot, ...options });

async function failure(promise: Promise<unknown>): Promise<DadataError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DadataError);
  return error as DadataError;
}

describe('DaData client', () => {
  it('finds the head office of a company by INN', async () => {
    const parties = await client().findParty('7707083893');
    expect(parties).toEqual([
      {
        inn: '7707083893',
        kpp: '773601001',
        ogrn: '1027700132195',
        name: 'ПАО СБЕРБАНК',
        legal_address: '117312, г Москва, ул Вавилова, д 19',
        management: { name: 'Греф Герман Оскарович', post: 'ПРЕЗИДЕНТ, ПРЕДСЕДАТЕЛЬ ПРАВЛЕНИЯ' },
        type: 'LEGAL',
        status: 'ACTIVE',
      },
    ]);
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/suggestions/api/4_1/rs/findById/party');
    expect(call?.body).toEqual({ query: '7707083893', branch_type: 'MAIN' });
    expect(call?.headers.authorization).toBe(`Token ${fake.apiKey}`);
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers.accept).toBe('application/json');
  });

  it('finds a small company with a Cyrillic name, and a sole proprietor', async () => {
    const [company] = await client().findParty(' 7723456782 ');
    expect(company).toMatchObject({
      inn: '7723456782',
      kpp: '772301001',
      name: 'ООО "РОМАШКА"',
      management: { name: 'Сидорова Анна Викторовна', post: 'ГЕНЕРАЛЬНЫЙ ДИРЕКТОР' },
    });
    const [proprietor] = await client().findParty('771234567859');
    expect(proprietor).toMatchObject({
      inn: '771234567859',
      kpp: null,
      ogrn: '319774600123453',
      name: 'ИП Ёлкин Пётр Сергеевич',
      management: null,
      type: 'INDIVIDUAL',
    });
    // No branch filter for a sole proprietor's 12-digit INN.
    expect(fake.calls.map((call) => call.body)).toEqual([
      { query: '7723456782', branch_type: 'MAIN' },
      { query: '771234567859' },
    ]);
  });

  it('finds a bank by BIK', async () => {
    expect(await client().findBank('044525225')).toEqual([
      {
        bik: '044525225',
        name: 'ПАО СБЕРБАНК',
        correspondent_account: '30101810400000000225',
        address: '117312, г Москва, ул Вавилова, д 19',
      },
    ]);
    expect(fake.calls[0]?.path).toBe('/suggestions/api/4_1/rs/findById/bank');
    expect(fake.calls[0]?.body).toEqual({ query: '044525225' });
  });

  it('gives details that pass the invoice checks', async () => {
    const [party] = await client().findParty('7707083893');
    const [bank] = await client().findBank('044525225');
    const result = checkRequisites({
      ...party,
      postal_address: party?.legal_address,
      bik: bank?.bik,
      bank_name: bank?.name,
      correspondent_account: bank?.correspondent_account,
      account: '40702810938000012345',
    });
    expect(result.ok).toBe(true);
  });

  it('answers an empty list for unknown values without calling for malformed ones', async () => {
    expect(await client().findParty('7710140679')).toEqual([]);
    expect(await client().findBank('044525999')).toEqual([]);
    expect(fake.calls).toHaveLength(2);
    expect(await client().findParty('12345')).toEqual([]);
    expect(await client().findBank('abc')).toEqual([]);
    expect(fake.calls).toHaveLength(2);
  });

  it('turns a bad or missing key into an "unauthorized" error', async () => {
    const wrong = await failure(client({ apiKey: 'not-the-key' }).findParty('7707083893'));
    expect(wrong).toMatchObject({ kind: 'unauthorized', status: 401 });
    const missing = await failure(client({ apiKey: '' }).findBank('044525225'));
    expect(missing.kind).toBe('unauthorized');
    expect(fake.calls).toHaveLength(1);
  });

  it('turns the daily quota answer into a "quota" error without leaking the key', async () => {
    fake.quotaExceeded = true;
    const error = await failure(client().findParty('7707083893'));
    expect(error).toMatchObject({ kind: 'quota', status: 403 });
    expect(error.message).not.toContain(fake.apiKey);
    expect(await failure(client().findBank('044525225'))).toMatchObject({ kind: 'quota' });
  });

  it('turns a slow, unreachable, failing or garbled service into typed errors', async () => {
    const slow = await serveFake((_request, _body, response) => {
      setTimeout(() => response.end('{"suggestions":[]}'), 1000);
    });
    const broken = await serveFake((_request, body, response) => {
      if (body.includes('044525225')) {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html>maintenance</html>');
      } else {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<html>bad gateway</html>');
      }
    });
    // A port that nothing listens on.
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    try {
      const at = (url: string) => createDadataClient({ apiKey: 'k', apiRoot: url, timeoutMs: 200 });
      expect(await failure(at(slow.url).findBank('044525225'))).toMatchObject({ kind: 'timeout' });
      expect(await failure(at(broken.url).findBank('044525974'))).toMatchObject({
        kind: 'http',
        status: 502,
      });
      expect(await failure(at(broken.url).findBank('044525225'))).toMatchObject({ kind: 'bad_response' });
      expect(await failure(at(`http://127.0.0.1:${closedPort}`).findBank('044525225'))).toMatchObject({
        kind: 'network',
      });
    } finally {
      await slow.close();
      await broken.close();
    }
  });

  it('calls the production root through the fetch it is given', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const dadata = createDadataClient({
      apiKey: 'k',
      fetch: async (input, init) => {
        seen.push({ url: String(input), init });
        return new Response('{"suggestions":[]}', { headers: { 'content-type': 'application/json' } });
      },
    });
    expect(await dadata.findParty('7707083893')).toEqual([]);
    expect(seen[0]?.url).toBe(`${DADATA_API_ROOT}/findById/party`);
    expect(seen[0]?.init?.signal).toBeInstanceOf(AbortSignal);
  });
});
