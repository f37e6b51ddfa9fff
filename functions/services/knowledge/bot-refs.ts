import { and, eq } from 'drizzle-orm';
import { storages } from '../../../db/schema';
import { invalidFields } from '../../shared/app-error';
import type { BotSettings } from '../../shared/schemas/bot';
import { isUuid } from '../../shared/uuid';
import type { AccountContext } from '../context';
import { ownMediaFiles } from './media-files';

/**
 * A bot may name only the account's own storage and, in a media action, the account's own media
 * files; anything else is refused as an invalid value of that field (another account's ids too).
 */
export async function checkKnowledgeRefs(
  ctx: AccountContext,
  settings: Pick<BotSettings, 'storage_id' | 'actions'>,
): Promise<void> {
  const { db } = ctx.ports;
  if (settings.storage_id) {
    const [own] = isUuid(settings.storage_id)
      ? await db
          .select({ id: storages.id })
          .from(storages)
          .where(and(eq(storages.id, settings.storage_id), eq(storages.accountId, ctx.account.id)))
      : [];
    if (!own) throw invalidFields({ storage_id: 'invalid_value' });
  }
  for (const [index, action] of settings.actions.entries()) {
    if (action.type !== 'send_media' || action.settings.files.length === 0) continue;
    const found = await ownMediaFiles(db, ctx.account.id, action.settings.files);
    if (found.length !== new Set(action.settings.files).size) {
      throw invalidFields({ [`actions.${index}.settings.files`]: 'invalid_value' });
    }
  }
}
