import { eq } from 'drizzle-orm';
import { accounts } from '../../../db/schema';
import type { Db } from '../../ports/db';

export async function findAccountByEmail(db: Db, email: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.email, email));
  return account;
}
