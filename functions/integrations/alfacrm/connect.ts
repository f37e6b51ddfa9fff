import { SecretUnreadable } from '../../secrets/secret-box';
import type { ConnectorResult, IntegrationModule } from '../module';
import { AlfaError } from './client';
import { AlfaNotConnected, alfaAccountOf, withAlfaApi } from './session';

/**
 * Connecting an AlfaCRM account (reference/crm.md §4): the API user's e-mail and key log in, and
 * the branch the bot works in is read (a branch the user cannot see is refused). Nothing is set up
 * in AlfaCRM: it sends no chats, and the bot only acts in it.
 */

interface AlfaBranch {
  id: number;
  name: string;
  is_active?: number | boolean;
}

const failure = (reason: string): ConnectorResult => ({ ok: false, reason });

export const alfaConnection: Pick<IntegrationModule, 'connect'> = {
  async connect(integration, ctx) {
    try {
      const account = await alfaAccountOf(ctx, integration);
      const branch = await withAlfaApi(ctx, integration, async (api) => {
        const page = await api.index<AlfaBranch>('branch', { id: Number(account.branchId) });
        return page.items.find((item) => String(item.id) === account.branchId) ?? null;
      });
      if (!branch) return failure(`branch ${account.branchId} not found`);
      return {
        ok: true,
        integrationAccountId: account.hostname,
        connectionData: { hostname: account.hostname, branch_id: account.branchId, branch_name: branch.name },
      };
    } catch (error) {
      if (
        error instanceof AlfaError ||
        error instanceof AlfaNotConnected ||
        error instanceof SecretUnreadable
      ) {
        return failure(error.message);
      }
      throw error;
    }
  },
};
