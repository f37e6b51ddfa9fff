import { moduleFor } from '../../integrations/registry';
import type { AccountContext } from '../context';
import { listOfModule } from './crm-lists';
import { ownIntegration } from './own-integration';

/**
 * GET /api/integrations/{id}/booking/services?branch_id=: the services of a connected salon's
 * branch, for the booking action's settings. Another account's integration, or one that books
 * nothing, is 404; not connected 409; what the system refused is explained (502).
 */
export async function bookingServices(ctx: AccountContext, id: string, branchId: string) {
  const row = await ownIntegration(ctx, id);
  return {
    services: await listOfModule(row, moduleFor(row.type)?.booking, (lists) =>
      lists.services(ctx, row, branchId),
    ),
  };
}
