import type { IntegrationType } from '../../db/schema/integrations';

/**
 * How the integrations screen groups the SPEC §3 types: channels bring customer messages in and
 * send the bot's answers out; data sources are systems the bot reads from or acts in.
 */
export const CHANNEL_INTEGRATION_TYPES = [
  'onchat',
  'telegram',
  'wazzup',
  'wahelp',
  'messagehelp',
  'whatsapp',
  'wappi',
  'avito',
] as const satisfies readonly IntegrationType[];

export const DATA_SOURCE_INTEGRATION_TYPES = [
  'amocrm',
  'kommo',
  'bitrix',
  'yclients',
  'altegio',
  'retailcrm',
  'alfacrm',
  'tbank',
  'chatgpt',
  'calendly',
  'imot.io',
  'shopscript',
] as const satisfies readonly IntegrationType[];

export type IntegrationKind = 'channel' | 'data_source';

/**
 * Types whose connector exists (functions/integrations/registry.ts). The rest can be saved but
 * their connection answers "not available yet", and the screen says so.
 */
export const BUILT_INTEGRATION_TYPES = [
  'onchat',
  'telegram',
  'chatgpt',
] as const satisfies readonly IntegrationType[];

export const integrationKind = (type: IntegrationType): IntegrationKind =>
  (CHANNEL_INTEGRATION_TYPES as readonly string[]).includes(type) ? 'channel' : 'data_source';

export const isBuiltIntegrationType = (type: IntegrationType): boolean =>
  (BUILT_INTEGRATION_TYPES as readonly string[]).includes(type);
