import type { Industry } from '../../../functions/shared/constants';
import { accountingTemplate } from './accounting';
import { beautyTemplate } from './beauty';
import { cafesAndRestaurantsTemplate } from './cafes-and-restaurants';
import { developerTemplate } from './developer';
import { educationTemplate } from './education';
import { eventsTemplate } from './events';
import { hrTemplate } from './hr';
import { insuranceTemplate } from './insurance';
import { jurisprudenceTemplate } from './jurisprudence';
import { marketingTemplate } from './marketing';
import { medicineTemplate } from './medicine';
import { psychologyTemplate } from './psychology';
import { servicesTemplate } from './services';
import { shopTemplate } from './shop';
import { travelTemplate } from './travel';
import type { BotTemplate } from './types';

export type { BotTemplate, TemplateAction, TemplateContent } from './types';

/** One template per industry of SPEC §3, in the order of the industry list. */
export const BOT_TEMPLATES: readonly BotTemplate[] = [
  beautyTemplate,
  shopTemplate,
  developerTemplate,
  jurisprudenceTemplate,
  travelTemplate,
  hrTemplate,
  cafesAndRestaurantsTemplate,
  accountingTemplate,
  eventsTemplate,
  marketingTemplate,
  servicesTemplate,
  educationTemplate,
  medicineTemplate,
  insuranceTemplate,
  psychologyTemplate,
];

export function findTemplate(id: string): BotTemplate | undefined {
  return BOT_TEMPLATES.find((template) => template.id === id);
}

export function templatesOf(industry: Industry): BotTemplate[] {
  return BOT_TEMPLATES.filter((template) => template.industry === industry);
}
