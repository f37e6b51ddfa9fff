import { and, eq, sql } from 'drizzle-orm';
import { type Account, accounts, type Integration, integrations } from '../../../db/schema';
import type { AppSettings } from '../../ports';
import type { Db } from '../../ports/db';
import { SecretUnreadable } from '../../secrets/secret-box';
import { accountChanged } from '../../services/auth/auth-cache';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor, type IntegrationModule } from '../module';

/** OpenAI's API, where an account's own key is used; OPENAI_API_ROOT replaces it (tests: a fake). */
export const OPENAI_API_ROOT = 'https://api.openai.com/v1';

export const openAiRoot = (settings: AppSettings) => apiRootFor(settings, 'chatgpt', OPENAI_API_ROOT);

/** The key the owner pasted into connection_data.api_key (SPEC §4 "connecting ChatGPT"). */
export const chatgptKey = async (settings: AppSettings, integration: Pick<Integration, 'connectionData'>) =>
  (await openConnectionSecret(settings.secretsKey, integration, 'api_key'))?.trim() || null;

/**
 * The bots move to and from the own key together: the moment is kept so the model sees no dialogue
 * from before it (their history under the other account is "lost", as the warning says).
 */
async function modelSwitched(db: Db, kv: Parameters<typeof accountChanged>[0], accountId: string, now: Date) {
  await db.update(accounts).set({ modelSwitchedAt: now }).where(eq(accounts.id, accountId));
  await accountChanged(kv, accountId);
}

export const chatgptModule: IntegrationModule = {
  type: 'chatgpt',
  async connect(integration, ctx) {
    let key: string | null;
    try {
      key = await chatgptKey(ctx.settings, integration);
    } catch (error) {
      if (error instanceof SecretUnreadable) return { ok: false, reason: error.message };
      throw error;
    }
    if (!key) return { ok: false, reason: 'no key in connection_data.api_key' };
    // The models list is the cheapest call a valid key can make; a wrong key answers 401.
    const response = await fetch(`${openAiRoot(ctx.settings)}/models`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => error as Error);
    if (response instanceof Error)
      return { ok: false, reason: `the models endpoint is unreachable: ${response.message}` };
    await response.body?.cancel();
    if (!response.ok) return { ok: false, reason: `the models endpoint answered ${response.status}` };
    await modelSwitched(ctx.ports.db, ctx.ports.kv, ctx.account.id, ctx.ports.clock.now());
    return { ok: true };
  },
  async disconnect(integration, ctx) {
    if (typeof integration.connectionData[CONNECTED_AT] !== 'string') return;
    await modelSwitched(ctx.ports.db, ctx.ports.kv, integration.accountId, ctx.ports.clock.now());
  },
};

/**
 * The account's own key when a connected, switched-on chatgpt integration has one; null otherwise.
 * An account whose bots never moved to an own key (no model_switched_at: connecting sets it) has
 * none, and nothing is read for it.
 */
export async function ownChatgptKey(db: Db, settings: AppSettings, account: Account): Promise<string | null> {
  if (account.modelSwitchedAt === null) return null;
  const [row] = await db
    .select({ connectionData: integrations.connectionData })
    .from(integrations)
    .where(
      and(
        eq(integrations.accountId, account.id),
        eq(integrations.type, 'chatgpt'),
        eq(integrations.activated, true),
        sql`${integrations.connectionData} ? ${CONNECTED_AT}`,
      ),
    )
    .limit(1);
  // A key that does not open fails the answer (SecretUnreadable): never silently our paid model.
  return row ? chatgptKey(settings, row) : null;
}
