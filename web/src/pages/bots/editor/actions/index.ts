import type { ActionType } from '../../../../../../functions/shared/schemas/bot-actions';
import { BookingSettings } from './BookingSettings';
import { DealStatusSettings } from './DealStatusSettings';
import { CompanyFieldSettings, ContactFieldSettings, LeadFieldSettings } from './FieldSettings';
import { FillVariablesSettings } from './FillVariablesSettings';
import { FindProductsSettings } from './FindProductsSettings';
import { GetBranchesSettings } from './GetBranchesSettings';
import { PaymentLinkSettings } from './PaymentLinkSettings';
import { SendMediaSettings } from './SendMediaSettings';
import { StopBotSettings } from './StopBotSettings';
import { TaskSettings } from './TaskSettings';
import type { TypeSettingsComponent } from './types';
import { WebhookSettings } from './WebhookSettings';

export type { BotActionDraft, SettingsOf, TypeSettingsComponent, TypeSettingsProps } from './types';

/** The settings component of each action type (SPEC §3 actions, §5 rules per type). */
export const ACTION_SETTINGS: { [T in ActionType]: TypeSettingsComponent<T> } = {
  stop_bot: StopBotSettings,
  webhook: WebhookSettings,
  fill_variables: FillVariablesSettings,
  get_branches: GetBranchesSettings,
  change_deal_status: DealStatusSettings,
  change_lead_field: LeadFieldSettings,
  change_contact_field: ContactFieldSettings,
  change_company_field: CompanyFieldSettings,
  set_task: TaskSettings,
  send_media: SendMediaSettings,
  booking: BookingSettings,
  find_products: FindProductsSettings,
  payment_link: PaymentLinkSettings,
};
