import { and, count, desc, eq, gt, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { bots, chats, messages } from '../../../db/schema';
import type { ChatsQuery } from '../../shared/schemas/chats';
import type { AccountContext } from '../context';
import { chatView } from './chat-view';
import { unreadCounts } from './unread';

/** A LIKE pattern that finds `text` literally: its own %, _ and \ match only themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The effective state in SQL: a pause whose time has passed counts as working. */
function stateWhere(state: ChatsQuery['state'], now: Date): SQL | undefined {
  const expired = and(eq(chats.state, 'paused'), lte(chats.pausedUntil, now));
  if (state === 'working') return or(eq(chats.state, 'working'), expired);
  if (state === 'paused')
    return and(eq(chats.state, 'paused'), or(isNull(chats.pausedUntil), gt(chats.pausedUntil, now)));
  if (state === 'stopped') return eq(chats.state, 'stopped');
  return undefined;
}

/** A phone as typed ("+7 (999) 111-22-33"): its digits, to find a stored phone whatever its format. */
const phoneDigits = (search: string) => (/^[\d\s()+\-.]+$/.test(search) ? search.replace(/\D/g, '') : '');

/**
 * The search: a message text, the chat's external id, or the customer's name, phone or username
 * (an "@name" finds the username without its @).
 */
function searchWhere(search: string): SQL | undefined {
  const pattern = containing(search);
  const digits = phoneDigits(search);
  const username = search.startsWith('@') && search.length > 1 ? containing(search.slice(1)) : pattern;
  return or(
    ilike(chats.externalId, pattern),
    ilike(chats.customerName, pattern),
    ilike(chats.customerPhone, pattern),
    ilike(chats.customerUsername, username),
    digits.length >= 3
      ? sql`regexp_replace(${chats.customerPhone}, '[^0-9]', '', 'g') like ${containing(digits)}`
      : undefined,
    sql`exists (select 1 from ${messages} where ${messages.chatId} = ${chats.id} and ${messages.text} ilike ${pattern})`,
  );
}

/** GET /api/chats: the account's chats, the latest conversation first, with their last message. */
export async function listChats(ctx: AccountContext, query: ChatsQuery) {
  const { db, clock } = ctx.ports;
  const now = clock.now();
  const conditions: (SQL | undefined)[] = [eq(chats.accountId, ctx.account.id), stateWhere(query.state, now)];
  if (query.search) conditions.push(searchWhere(query.search));
  const where = and(...conditions);
  const { page, per_page: perPage } = query;
  const [rows, [total]] = await Promise.all([
    db
      .select({ chat: chats, botName: bots.name })
      .from(chats)
      .leftJoin(bots, eq(bots.id, chats.botId))
      .where(where)
      .orderBy(desc(chats.lastMessageAt), desc(chats.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(chats).where(where),
  ]);
  const ids = rows.map(({ chat }) => chat.id);
  // The page's last messages and unread counts, each in one query for the whole page.
  const [lasts, unreadOf] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectDistinctOn([messages.chatId], {
            chatId: messages.chatId,
            text: messages.text,
            author: messages.author,
            createdAt: messages.createdAt,
          })
          .from(messages)
          .where(and(inArray(messages.chatId, ids), ne(messages.author, 'system')))
          .orderBy(messages.chatId, desc(messages.seq)),
    unreadCounts(db, ids),
  ]);
  const lastOf = new Map(lasts.map((last) => [last.chatId, last]));
  const totalCount = total?.n ?? 0;
  return {
    items: rows.map(({ chat, botName }) =>
      chatView(
        chat,
        chat.botId && botName !== null ? { id: chat.botId, name: botName } : null,
        lastOf.get(chat.id) ?? null,
        now,
        unreadOf.get(chat.id) ?? 0,
      ),
    ),
    page,
    per_page: perPage,
    total: totalCount,
    pages: Math.max(1, Math.ceil(totalCount / perPage)),
  };
}
