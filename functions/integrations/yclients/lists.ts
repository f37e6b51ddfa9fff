import { type BookingLists, CrmRefused } from '../module';
import { connectedSalonClient, learnedBranches, SalonNotConnected } from './account';
import { bookableServices } from './booking-api';
import { SalonError } from './client';

/** The services of a branch for the booking action's settings; a branch not learned is refused. */
export const salonLists: BookingLists = {
  async services(ctx, integration, branchId) {
    const branch = learnedBranches(integration).find((candidate) => candidate.id === branchId);
    if (!branch) throw new CrmRefused('failed', `branch ${branchId} is not one of this salon's`);
    try {
      return await bookableServices(await connectedSalonClient(ctx, integration), branch);
    } catch (error) {
      if (error instanceof SalonNotConnected) throw new CrmRefused('not_connected', error.message);
      if (error instanceof SalonError)
        throw new CrmRefused(error.status === 403 ? 'forbidden' : 'failed', error.explanation);
      throw error;
    }
  },
};
