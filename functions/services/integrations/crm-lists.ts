import { and, eq } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import { type CrmLists, CrmRefused } from '../../integrations/module';
import { moduleFor } from '../../integrations/registry';
import { AppError, notFound } from '../../shared/app-error';
import type { CrmEntity } from '../../shared/crm';
import { integrationLabel, isIntegrationType } from '../../shared/integration-catalogue';
import { isUuid } from '../../shared/uuid';
import type { AccountContext } from '../context';
import { isConnected } from './integration-view';
import { ownIntegration } from './own-integration';

/**
 * What a connected CRM has, for the settings of actions and of the selection (SPEC §3 CRM entities):
 * GET /api/integrations/{id}/crm/{pipelines|fields|task-types} and the staff list of SPEC §7. Another
 * account's integration, or a type that is no CRM, is 404; a CRM not connected is 409; what the
 * CRM refused is explained (403 when its rights forbid the staff list, 502 otherwise).
 */

async function listOf<T>(row: Integration, read: (lists: CrmLists) => Promise<T>): Promise<T> {
  return listOfModule(row, moduleFor(row.type)?.crm, read);
}

/** A list read through one of a module's list interfaces (CRM, booking), its refusals explained. */
export async function listOfModule<L, T>(
  row: Integration,
  lists: L | undefined,
  read: (lists: L) => Promise<T>,
): Promise<T> {
  if (!lists) throw notFound();
  if (!isConnected(row)) throw new AppError('integration_not_connected');
  const name = integrationLabel(row.type);
  try {
    return await read(lists);
  } catch (error) {
    if (!(error instanceof CrmRefused)) throw error;
    console.warn(`integration ${row.id} (${row.type}): ${error.message}`);
    if (error.kind === 'not_connected') throw new AppError('integration_not_connected');
    if (error.kind === 'forbidden')
      throw new AppError('crm_staff_forbidden', 'crm_staff_forbidden', { params: { name } });
    throw new AppError('crm_failed', 'crm_failed', { params: { name, detail: error.detail.slice(0, 300) } });
  }
}

export const crmPipelines = async (ctx: AccountContext, id: string) => {
  const row = await ownIntegration(ctx, id);
  return { pipelines: await listOf(row, (lists) => lists.pipelines(ctx, row)) };
};

export const crmFields = async (ctx: AccountContext, id: string, entity: CrmEntity) => {
  const row = await ownIntegration(ctx, id);
  return { fields: await listOf(row, (lists) => lists.fields(ctx, row, entity)) };
};

export const crmTaskTypes = async (ctx: AccountContext, id: string) => {
  const row = await ownIntegration(ctx, id);
  return { task_types: await listOf(row, (lists) => lists.taskTypes(ctx, row)) };
};

/** SPEC §7 GET /private/integrations/{type}/staff?integration_id=: the CRM's active users. */
export async function crmStaff(ctx: AccountContext, type: string, integrationId: string) {
  if (!isIntegrationType(type) || !isUuid(integrationId)) throw notFound();
  const [row] = await ctx.ports.db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.id, integrationId),
        eq(integrations.type, type),
        eq(integrations.accountId, ctx.account.id),
      ),
    );
  if (!row) throw notFound();
  return { staff: await listOf(row, (lists) => lists.staff(ctx, row)) };
}
