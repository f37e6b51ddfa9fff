import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { alfaHostname } from '../../shared/alfacrm';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor, type FetchLike, fetchFor } from '../module';
import { type AlfaClient, AlfaError, alfaAnswer, createAlfaClient } from './client';

/**
 * AlfaCRM's session token (reference/crm.md §4): `POST /v2api/auth/login` with the API user's e-mail
 * and key answers a token that lives 15 minutes. It is kept in this process (an isolate in
 * production) for 14 minutes and shared by concurrent calls; a 401 before then (AlfaCRM ended it)
 * logs in again once and repeats the call, which AlfaCRM did not do.
 */

const TOKEN_LIFETIME_MS = 14 * 60_000;

/** The integration lacks what it needs to reach AlfaCRM. */
export class AlfaNotConnected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'AlfaNotConnected';
  }
}

export interface AlfaAccount {
  base: string;
  hostname: string;
  email: string;
  apiKey: string;
  branchId: string;
}

const setting = (integration: Integration, name: string) => {
  const value = integration.connectionData[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** Where and as whom the integration reaches AlfaCRM. */
export async function alfaAccountOf(ctx: EngineContext, integration: Integration): Promise<AlfaAccount> {
  const hostname = alfaHostname(setting(integration, 'hostname'));
  const email = setting(integration, 'email');
  const branchId = setting(integration, 'branch_id') || '1';
  const apiKey = await openConnectionSecret(ctx.settings.secretsKey, integration, 'api_key');
  if (!hostname) throw new AlfaNotConnected('no AlfaCRM address');
  if (!email) throw new AlfaNotConnected('no API user e-mail');
  if (!apiKey) throw new AlfaNotConnected('no API key');
  return {
    base: apiRootFor(ctx.settings, 'alfacrm', `https://${hostname}`),
    hostname,
    email,
    apiKey,
    branchId,
  };
}

const sessions = new Map<string, Promise<{ token: string; until: number }>>();

async function login(account: AlfaAccount, now: number, send: FetchLike) {
  const response = await send(`${account.base}/v2api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: account.email, api_key: account.apiKey }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = await alfaAnswer(response);
  if (typeof body.token !== 'string' || !body.token) throw new AlfaError(502, 'AlfaCRM answered no token');
  return { token: body.token, until: now + TOKEN_LIFETIME_MS };
}

/** A live token for the account: the kept one, else a new login shared by whoever asks meanwhile. */
async function tokenOf(account: AlfaAccount, now: number, fresh: boolean, send: FetchLike): Promise<string> {
  const key = [account.base, account.email, account.apiKey].join('\n');
  const kept = sessions.get(key);
  if (kept && !fresh) {
    const session = await kept.catch(() => null);
    if (session && session.until > now) return session.token;
  }
  const started = login(account, now, send);
  sessions.set(key, started);
  started.catch(() => sessions.delete(key));
  return (await started).token;
}

/** Runs `work` with the branch's API; a 401 logs in again once. */
export async function withAlfaApi<T>(
  ctx: EngineContext,
  integration: Integration,
  work: (api: AlfaClient) => Promise<T>,
): Promise<T> {
  const account = await alfaAccountOf(ctx, integration);
  const now = ctx.ports.clock.now().getTime();
  const send = fetchFor(ctx.settings, 'alfacrm');
  const clientOf = (token: string) =>
    createAlfaClient({
      base: account.base,
      branchId: account.branchId,
      token,
      throttleKey: `alfacrm:${account.hostname}`,
      fetch: send,
    });
  const token = await tokenOf(account, now, false, send);
  try {
    return await work(clientOf(token));
  } catch (error) {
    if (!(error instanceof AlfaError) || error.status !== 401) throw error;
    return work(clientOf(await tokenOf(account, now, true, send)));
  }
}
