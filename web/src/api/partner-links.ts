import { api } from './client';
import { useApi } from './swr';

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'content', 'term'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type Utm = Partial<Record<UtmField, string>>;

/** A referral link (issue #23 §3): our sign-up address with the partner's ref_id and optional UTM. */
export interface ReferralLink {
  id: string;
  name: string;
  ref_id: string;
  url: string;
  utm: Utm;
  registrations: number;
  paying: number;
  created_at: string;
}

export interface ReferralLinkInput {
  name: string;
  utm?: Utm;
}

export const REFERRAL_LINKS_PATH = '/api/partner/referral-links';
const linkPath = (id: string) => `${REFERRAL_LINKS_PATH}/${encodeURIComponent(id)}`;

export const useReferralLinks = () => useApi<{ items: ReferralLink[] }>(REFERRAL_LINKS_PATH);

export const createReferralLink = (input: ReferralLinkInput) =>
  api<ReferralLink>('POST', REFERRAL_LINKS_PATH, input);

export const updateReferralLink = (id: string, input: ReferralLinkInput) =>
  api<ReferralLink>('PATCH', linkPath(id), input);

export const deleteReferralLink = (id: string) => api<null>('DELETE', linkPath(id));
