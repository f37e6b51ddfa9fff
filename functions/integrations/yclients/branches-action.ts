import type { ActionRunner } from '../../engine/actions/action-runner';
import { type ActionOf, accountIntegration, NO_PARAMETERS } from '../crm-action';
import { learnedBranches } from './account';

/**
 * Get branches (SPEC §3 actions) as the model's tool: the salon network's branches this action
 * offers, with their addresses and time zones, so the model lets the customer choose one and
 * books in it (the booking tool's `branch_id`).
 */
export const salonBranchesRunner: ActionRunner<ActionOf<'get_branches'>> = {
  parameters: () => NO_PARAMETERS,
  async run(turn, action) {
    const integration = await accountIntegration(turn, action.settings.integration_id);
    const chosen = new Set(action.settings.branches);
    const branches = integration?.activated
      ? learnedBranches(integration).filter((branch) => chosen.has(branch.id))
      : [];
    turn.actions.push({
      name: action.name,
      type: 'get_branches',
      ok: branches.length > 0,
      detail: branches.map((branch) => branch.title).join(', ') || 'no branches',
    });
    if (branches.length === 0)
      return { content: JSON.stringify({ ok: false, error: 'no branches are available' }) };
    return {
      content: JSON.stringify({
        ok: true,
        branches,
        note: 'Let the customer choose a branch; book in it by its id.',
      }),
    };
  },
};
