import type { Integration } from '../../../db/schema';
import type { ActionRunner } from '../../engine/actions/action-runner';
import type { Turn } from '../../engine/turn';
import type { SalonBranch } from '../../shared/booking';
import { safeErrorText } from '../../shared/safe-error';
import { accountIntegration } from '../crm-action';
import { connectedSalonClient, learnedBranches, SalonNotConnected } from './account';
import { listServices, listStaff, listTimes } from './booking-lookups';
import { book } from './booking-record';
import { argsOf, type Booking, refuse, type Step } from './booking-step';
import { SalonError } from './client';

/**
 * The booking action in a salon as the model's tool (issue #22 §1): one tool, four steps — the
 * services it may book, the masters for a service, the free times (booking-lookups.ts), and the
 * booking itself once the customer confirmed (booking-record.ts). The tool's results are the
 * model's only source of times.
 */

/** The branches the customer may choose: the Get branches actions' of this integration, as learned. */
function branchesOf(turn: Turn, integration: Integration, action: Booking): SalonBranch[] {
  const learned = learnedBranches(integration);
  if (action.settings.branch_id) return learned.filter((branch) => branch.id === action.settings.branch_id);
  const chosen = new Set(
    turn.bot.actions.flatMap((other) =>
      other.type === 'get_branches' && other.settings.integration_id === integration.id
        ? other.settings.branches
        : [],
    ),
  );
  return learned.filter((branch) => chosen.has(branch.id));
}

const STEPS = ['services', 'staff', 'times', 'book'] as const;

export const salonBookingRunner: ActionRunner<Booking> = {
  parameters(action) {
    const many = !action.settings.branch_id;
    return {
      type: 'object',
      properties: {
        step: {
          type: 'string',
          enum: STEPS,
          description:
            'services: what can be booked (prices, durations); staff: masters for a service; times: free times for a service (optionally a date YYYY-MM-DD and a master); book: make the booking after the customer confirmed service, time, name and phone',
        },
        ...(many
          ? {
              branch_id: {
                type: 'string',
                description: 'The branch the customer chose (from the branches tool)',
              },
            }
          : {}),
        service_id: { type: 'string', description: 'A service id from the services step' },
        staff_id: { type: 'string', description: "A master's id from the staff step, or '0' for any" },
        date: { type: 'string', description: 'A date YYYY-MM-DD in the salon calendar, for times' },
        datetime: {
          type: 'string',
          description: 'For book: the exact datetime of a time the times step listed',
        },
        name: { type: 'string', description: "For book: the customer's name" },
        phone: { type: 'string', description: "For book: the customer's phone number" },
      },
      required: ['step'],
      additionalProperties: false,
    };
  },

  async run(turn, action, call) {
    const args = argsOf(call);
    const integration = await accountIntegration(turn, action.settings.integration_id);
    if (!integration?.activated) return refuse('the booking system is not connected');
    const branches = branchesOf(turn, integration, action);
    const branch =
      branches.length === 1 ? branches[0] : branches.find((candidate) => candidate.id === args.branch_id);
    if (!branch)
      return refuse(
        branches.length === 0
          ? 'no branch is set up for booking'
          : 'branch_id required: ask which branch, from the branches tool',
      );
    try {
      const api = await connectedSalonClient(turn.ctx, integration);
      const step: Step = { turn, action, api, branch, args };
      switch (args.step) {
        case 'services':
          return await listServices(step);
        case 'staff':
          return await listStaff(step);
        case 'times':
          return await listTimes(step);
        case 'book':
          return await book(step, call, integration);
        default:
          return refuse(`step must be one of ${STEPS.join(', ')}`);
      }
    } catch (error) {
      const detail =
        error instanceof SalonError || error instanceof SalonNotConnected
          ? error.message
          : safeErrorText(error);
      turn.actions.push({ name: action.name, type: 'booking', ok: false, detail });
      return refuse(`the booking system refused: ${detail}`);
    }
  },
};
