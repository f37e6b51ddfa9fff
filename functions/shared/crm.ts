/**
 * What a CRM integration lists for the settings of its actions and of its selection (SPEC §3 CRM
 * entities; §7 staff): shared by the API and the web app. Ids are strings, as actions store them.
 */

/** The CRMs whose modules move a dialogue's record outside an answer (a paid link's deal). */
export const DEAL_MOVING_TYPES = ['amocrm', 'kommo', 'bitrix', 'retailcrm', 'alfacrm'] as const;

export const CRM_ENTITIES = ['lead', 'contact', 'company'] as const;
export type CrmEntity = (typeof CRM_ENTITIES)[number];

export interface CrmStatus {
  id: string;
  name: string;
  color: string;
}

/** SPEC §3: a pipeline has id, name and _embedded.statuses (id, name, color). */
export interface CrmPipeline {
  id: string;
  name: string;
  _embedded: { statuses: CrmStatus[] };
}

export interface CrmField {
  id: string;
  name: string;
  type: string;
  /** The options of a list field; null for other types. */
  options: { id: string; value: string }[] | null;
}

export interface CrmTaskType {
  id: string;
  name: string;
}

export interface CrmStaffMember {
  id: string;
  name: string;
  email: string | null;
}

/** DD.MM.YYYY[ HH:MM], YYYY-MM-DD or an ISO time as Unix seconds; null when it is none of these. */
export function unixTimeOf(text: string): number | null {
  const russian = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[ T](\d{1,2}):(\d{2}))?$/.exec(text.trim());
  if (russian) {
    const [, day, month, year, hours = '0', minutes = '0'] = russian;
    const time = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes));
    return Number.isNaN(time) ? null : Math.floor(time / 1000);
  }
  const time = Date.parse(text.trim());
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}
