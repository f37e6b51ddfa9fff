import type { ActionRunner } from '../../engine/actions/action-runner';
import type { IntegrationModule } from '../module';
import { tbankConnection } from './connect';
import { tbankInbound } from './notification';
import { paymentLinkRunner } from './payment-link';

/**
 * The T-Bank payment link (issue #24 §3; reference/payments.md §1): the business's own terminal,
 * checked on connecting; the bot's "send a payment link" action; the payments' notifications that
 * mark their dialogues paid. The API client, Token and receipt are our billing's
 * (functions/payments/tbank/).
 */
export const tbankModule: IntegrationModule = {
  type: 'tbank',
  ...tbankConnection,
  inbound: tbankInbound,
  actions: { payment_link: paymentLinkRunner as ActionRunner },
};
