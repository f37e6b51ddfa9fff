import type { IntegrationModule } from '../module';
import { alfaActions, moveAlfaLead } from './actions';
import { alfaConnection } from './connect';
import { alfaHandOver } from './hand-over';
import { alfaLists } from './lists';

/**
 * AlfaCRM (SPEC §3; reference/crm.md §4), the CRM of schools and studios: connected with the API
 * user's e-mail and key (a 15-minute session token renewed as needed, session.ts); it brings no
 * chats, so the bot only acts in it, on a lead made once for each dialogue: lead status, fields,
 * tasks, and the hand-over when the bot stops.
 */
export const alfacrmModule: IntegrationModule = {
  type: 'alfacrm',
  ...alfaConnection,
  actions: alfaActions,
  moveDeal: moveAlfaLead,
  handOver: alfaHandOver,
  crm: alfaLists,
};
