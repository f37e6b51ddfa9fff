import { and, eq, type SQL } from 'drizzle-orm';
import { chats, type Integration } from '../../db/schema';

/**
 * The chat an integration knows by `externalId`, by the chat's whole key (account, channel,
 * integration, external id): so the key's unique index finds it, where a key without the channel
 * read all the account's chats.
 */
export const chatOfIntegration = (
  integration: Pick<Integration, 'id' | 'accountId' | 'type'>,
  externalId: string,
): SQL | undefined =>
  and(
    eq(chats.accountId, integration.accountId),
    eq(chats.channel, integration.type),
    eq(chats.integrationId, integration.id),
    eq(chats.externalId, externalId),
  );
