import type { BotAction } from '../../shared/schemas/bot-actions';
import type { ActionRunner } from './action-runner';
import { fillVariablesRunner } from './fill-variables';
import { sendMediaRunner } from './send-media';
import { stopBotRunner } from './stop-bot';
import { webhookRunner } from './webhook';

type ActionType = NonNullable<BotAction['type']>;

/**
 * The action types the engine itself runs. The others act in an integration and are found in the
 * module of the integration the action names (IntegrationModule.actions).
 */
export const BUILT_IN_ACTIONS: Partial<Record<ActionType, ActionRunner>> = {
  stop_bot: stopBotRunner as ActionRunner,
  webhook: webhookRunner as ActionRunner,
  fill_variables: fillVariablesRunner as ActionRunner,
  send_media: sendMediaRunner as ActionRunner,
};
