import { eq } from 'drizzle-orm';
import { accounts, type Integration, type IntegrationType, integrations } from '../../../db/schema';
import { startedInBrowser, takeConsentState } from '../../integrations/oauth-consent';
import type { AccountContext, ServiceContext } from '../context';
import { ownIntegrationWhere } from './own-integration';

/** The account a consent was started by, as a service context for connecting; null when it is gone. */
export async function consentOwnerContext(
  ctx: ServiceContext,
  accountId: string,
): Promise<AccountContext | null> {
  const [account] = await ctx.ports.db.select().from(accounts).where(eq(accounts.id, accountId));
  return account ? { ...ctx, lang: account.lang, account, sessionId: null } : null;
}

const STATE = /^[A-Za-z0-9_-]{16,128}$/;

/** How an OAuth consent came back to us: its state, its code, or the provider's refusal. */
export interface ConsentReturn {
  code?: string;
  state?: string;
  error?: string;
}

/**
 * The first half of finishing a consent, the same for every type: the state, spent once, must be
 * this type's and started in this browser; its owner and integration must still exist; the owner
 * must have agreed with a well-formed code. Either the owner, the integration, its page, the code
 * and the state, or the error to send the browser back with (`state` on the type's page, `denied` on the
 * integration's).
 */
export async function returnedConsent(
  ctx: ServiceContext,
  type: IntegrationType,
  query: ConsentReturn,
  browserNonce: string | undefined,
  codeShape: RegExp,
): Promise<
  | { ok: true; owner: AccountContext; row: Integration; page: string; code: string; state: string }
  | { ok: false; page: string; error: 'state' | 'denied' }
> {
  const typePage = `/integrations/${type}`;
  const state = query.state ?? '';
  if (!STATE.test(state)) return { ok: false, page: typePage, error: 'state' };
  const consent = await takeConsentState(
    ctx.ports.kv,
    state,
    (started) => started.type === type && startedInBrowser(state, started, browserNonce),
  );
  if (consent === 'unknown' || consent === 'foreign') return { ok: false, page: typePage, error: 'state' };
  const owner = await consentOwnerContext(ctx, consent.accountId);
  const [row] = owner
    ? await ctx.ports.db.select().from(integrations).where(ownIntegrationWhere(owner, consent.integrationId))
    : [];
  if (!owner || !row) return { ok: false, page: typePage, error: 'state' };
  const page = `${typePage}/${row.id}`;
  const code = query.code ?? '';
  if (query.error || !codeShape.test(code)) return { ok: false, page, error: 'denied' };
  return { ok: true, owner, row, page, code, state };
}
