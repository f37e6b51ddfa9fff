import type { IntegrationType } from '../../db/schema';
import { alfacrmModule } from './alfacrm';
import { amocrmModule, kommoModule } from './amocrm';
import { apiChannelModule } from './api-channel';
import { avitoModule } from './avito';
import { bitrixModule } from './bitrix';
import { calendlyModule } from './calendly';
import { chatgptModule } from './chatgpt';
import type { IntegrationModule } from './module';
import { onchatModule } from './onchat';
import { retailcrmModule } from './retailcrm';
import { shopScriptModule } from './shopscript';
import { tbankModule } from './tbank';
import { telegramModule } from './telegram';
import { wappiModule } from './wappi';
import { wazzupModule } from './wazzup';
import { whatsappModule } from './whatsapp';
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
  whatsappModule,
  avitoModule,
  amocrmModule,
  kommoModule,
  alfacrmModule,
  bitrixModule,
  retailcrmModule,
  calendlyModule,
  yclientsModule,
  altegioModule,
  shopScriptModule,
  apiChannelModule,
  tbankModule,
];

const BY_TYPE = new Map<IntegrationType, IntegrationModule>(MODULES.map((module) => [module.type, module]));

export const moduleFor = (type: string): IntegrationModule | undefined =>
  BY_TYPE.get(type as IntegrationType);
