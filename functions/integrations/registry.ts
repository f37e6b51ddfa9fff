import type { IntegrationType } from '../../db/schema';
import { alfacrmModule } from './alfacrm';
import { amocrmModule, kommoModule } from './amocrm';
import { bitrixModule } from './bitrix';
import { calendlyModule } from './calendly';
import { chatgptModule } from './chatgpt';
import type { IntegrationModule } from './module';
import { onchatModule } from './onchat';
import { retailcrmModule } from './retailcrm';
import { telegramModule } from './telegram';
import { wappiModule } from './wappi';
import { wazzupModule } from './wazzup';
import { altegioModule, yclientsModule } from './yclients';

/**
 * The module of every built type (the catalogue's `built`, functions/shared/integration-catalogue.ts);
 * a type without one answers "not available".
 */
export const MODULES: readonly IntegrationModule[] = [
  onchatModule,
  telegramModule,
  chatgptModule,
  wazzupModule,
  wappiModule,
  amocrmModule,
  kommoModule,
  alfacrmModule,
  bitrixModule,
  retailcrmModule,
  calendlyModule,
  yclientsModule,
  altegioModule,
];

const BY_TYPE = new Map<IntegrationType, IntegrationModule>(MODULES.map((module) => [module.type, module]));

export const moduleFor = (type: string): IntegrationModule | undefined =>
  BY_TYPE.get(type as IntegrationType);
