import { lt, or } from 'drizzle-orm';
import { authCodes, sessions } from '../db/schema';
import type { ScheduleDefinition } from './schedule';

/** Drops expired one-time codes and sessions that ended over a day ago. */
export const cleanupExpiredAuth: ScheduleDefinition = {
  id: 'cleanup-expired-auth',
  cron: '17 3 * * *',
  intervalSeconds: 6 * 60 * 60,
  handler: async ({ db, clock }) => {
    const now = clock.now();
    const dayAgo = new Date(now.getTime() - 86_400_000);
    await db.delete(authCodes).where(lt(authCodes.expiresAt, now));
    await db.delete(sessions).where(or(lt(sessions.expiresAt, dayAgo), lt(sessions.revokedAt, dayAgo)));
  },
};
