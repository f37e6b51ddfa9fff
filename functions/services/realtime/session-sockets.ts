import { accountRoom } from '../../engine/publish';
import type { Ports } from '../../ports';
import type { SessionSockets } from '../../shared/room-revoke';

/**
 * Closes the live sockets of sessions that just ended (logout, password change or reset). Sessions
 * join the account's room only (GET /api/chats/live). Best effort: the session is revoked already and
 * its sockets close at their token's expiry anyway, so an unreachable room does not fail the request.
 */
export async function closeSessionSockets(
  ports: Pick<Ports, 'rooms'>,
  accountId: string,
  which: SessionSockets,
): Promise<void> {
  try {
    await ports.rooms.revokeSockets(accountRoom(accountId), which);
  } catch (error) {
    console.error('could not close the sockets of ended sessions', error);
  }
}
