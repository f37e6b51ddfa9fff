import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { accounts, type Integration, integrations } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import { moduleFor } from '../../integrations/registry';
import type { AppSettings, Ports } from '../../ports';
import { CONNECTED_AT, INTEGRATION_CATALOGUE, integrationLabel } from '../../shared/integration-catalogue';
import { integrationCovered } from '../billing/subscriptions';
import type { ServiceContext } from '../context';

/** A day between the e-mail and the deletion (SPEC §4, §9). */
const NOTICE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

const PAID_INSTANCE_TYPES = INTEGRATION_CATALOGUE.filter((entry) => entry.paidInstance).map(
  (entry) => entry.type,
);

/** What one run did, for logs and tests. */
export interface InstanceSweep {
  noticed: number;
  removed: number;
  kept: number;
}

const nameOf = (integration: Integration) =>
  String(
    integration.connectionData.channel_name ??
      integration.connectionData.phone ??
      integration.integrationAccountId ??
      integration.id,
  );

async function mailNotice(ports: Ports, integration: Integration, removalAt: Date) {
  const [account] = await ports.db.select().from(accounts).where(eq(accounts.id, integration.accountId));
  if (!account) return;
  const params = {
    owner: account.name,
    name: nameOf(integration),
    type: integrationLabel(integration.type),
    date: removalAt.toISOString().slice(0, 10),
  };
  await ports.mail.send({
    to: account.email,
    subject: translate('mail_instance_removal_subject', account.lang, params),
    text: translate('mail_instance_removal_text', account.lang, params),
  });
}

/**
 * The messenger instance lifecycle (SPEC §4): a connected Wazzup channel or Wappi profile that no
 * paid subscription (nor the demo) covers is deleted in the external system the next day, after an
 * e-mail the day before. The e-mail goes once (its mark is claimed first); the deletion happens once
 * the mark is a day old and the instance is still not covered, and leaves the integration saved but
 * not connected. Nothing else of the account changes. Paying in between clears the mark.
 */
export async function sweepMessengerInstances(ports: Ports, settings: AppSettings): Promise<InstanceSweep> {
  const now = ports.clock.now();
  const ctx: ServiceContext = { ports, settings, lang: 'ru', clientIp: '' };
  const sweep: InstanceSweep = { noticed: 0, removed: 0, kept: 0 };
  const rows = await ports.db
    .select({ integration: integrations, account: accounts })
    .from(integrations)
    .innerJoin(accounts, eq(accounts.id, integrations.accountId))
    .where(
      and(
        inArray(integrations.type, PAID_INSTANCE_TYPES),
        sql`${integrations.connectionData} ? ${CONNECTED_AT}`,
      ),
    )
    .limit(BATCH);
  for (const { integration, account } of rows) {
    const covered = await integrationCovered(ports.db, account, integration.id, integration.type, now);
    if (covered) {
      if (integration.instanceNoticeAt) {
        await ports.db
          .update(integrations)
          .set({ instanceNoticeAt: null })
          .where(eq(integrations.id, integration.id));
      }
      sweep.kept++;
      continue;
    }
    if (!integration.instanceNoticeAt) {
      const [claimed] = await ports.db
        .update(integrations)
        .set({ instanceNoticeAt: now })
        .where(and(eq(integrations.id, integration.id), isNull(integrations.instanceNoticeAt)))
        .returning({ id: integrations.id });
      if (claimed) {
        await mailNotice(ports, integration, new Date(now.getTime() + NOTICE_MS));
        sweep.noticed++;
      }
      continue;
    }
    if (now.getTime() - integration.instanceNoticeAt.getTime() < NOTICE_MS) continue;
    if (await removeInstance(ctx, integration)) sweep.removed++;
  }
  return sweep;
}

/**
 * Deletes the instance in the external system, then forgets the connection (the settings stay, so
 * the owner can connect again after paying). A failure is logged and retried on the next run.
 */
async function removeInstance(ctx: ServiceContext, integration: Integration): Promise<boolean> {
  try {
    await moduleFor(integration.type)?.removeInstance?.(integration, ctx);
  } catch (error) {
    console.error(
      `integration ${integration.id} (${integration.type}): deleting the instance failed`,
      error instanceof Error ? error.message : error,
    );
    return false;
  }
  const [forgotten] = await ctx.ports.db
    .update(integrations)
    .set({
      instanceNoticeAt: null,
      connectionData: sql`${integrations.connectionData} - ${CONNECTED_AT}`,
    })
    .where(and(eq(integrations.id, integration.id), isNotNull(integrations.instanceNoticeAt)))
    .returning({ id: integrations.id });
  return Boolean(forgotten);
}
