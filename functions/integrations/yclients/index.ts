import type { ActionRunner } from '../../engine/actions/action-runner';
import type { IntegrationModule } from '../module';
import { salonBookingRunner } from './booking-action';
import { salonBranchesRunner } from './branches-action';
import { salonConnection } from './connect';
import { salonLists } from './lists';
import { salonInbound } from './record-hooks';

/**
 * YCLIENTS and Altegio (issue #22 §1; reference/messengers.md §3): salons connected from the
 * marketplace or by a user's login; the bot offers the network's branches and books in them, and
 * the records' webhooks reach the dialogue the booking came from.
 */
const salonModule = (type: 'yclients' | 'altegio'): IntegrationModule => ({
  type,
  ...salonConnection,
  inbound: salonInbound,
  actions: {
    get_branches: salonBranchesRunner as ActionRunner,
    booking: salonBookingRunner as ActionRunner,
  },
  booking: salonLists,
});

export const yclientsModule = salonModule('yclients');
export const altegioModule = salonModule('altegio');
