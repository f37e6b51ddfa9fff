import { useSWRConfig } from 'swr';
import type { Currency, Industry, Language } from '../../../functions/shared/constants';
import type { MessageAnswer } from './auth';
import { api } from './client';
import { useApi } from './swr';

/** GET /api/profile (functions/services/profile/profile.ts profileView). */
export interface Profile {
  id: string;
  name: string;
  email: string;
  phone: string;
  lang: Language;
  currency: Currency;
  demo_till: string;
  tour_showed: boolean;
  /** The guided walk after the questions: due until finished or skipped; null before the questions. */
  tour_walk: 'due' | 'finished' | 'skipped' | null;
  role: 'client' | 'partner' | null;
  notifications: string[];
  clients_partner: { balance: number };
  created_at: string;
}

export interface ProfileChanges {
  name?: string;
  phone?: string;
  lang?: Language;
  currency?: Currency;
  role?: 'client' | 'partner';
}

export interface TourAnswers {
  usage_plan: string;
  role: 'client' | 'partner';
  industry?: Industry;
  ai_experience: string;
  sales_staff: string;
}

export const PROFILE_PATH = '/api/profile';

export const useProfile = () => useApi<Profile>(PROFILE_PATH);

/** Profile writes answer with the whole profile, which replaces the cached one. */
export function useProfileActions() {
  const { mutate } = useProfile();
  const { mutate: mutateAny } = useSWRConfig();
  const save = async (changes: ProfileChanges) => {
    const profile = await api<Profile>('POST', PROFILE_PATH, changes);
    await mutate(profile, { revalidate: false });
    return profile;
  };
  const saveRecipients = async (contacts: string[]) => {
    const profile = await api<Profile>('POST', '/api/profile/tg', { contacts });
    await mutate(profile, { revalidate: false });
    return profile;
  };
  const saveTour = async (fields: TourAnswers) => {
    const profile = await api<Profile>('POST', '/api/helpers/tour', { fields });
    await mutate(profile, { revalidate: false });
    return profile;
  };
  const endWalk = async (walk: 'finished' | 'skipped') => {
    const profile = await api<Profile>('POST', '/api/helpers/tour', { fields: { walk } });
    await mutate(profile, { revalidate: false });
    return profile;
  };
  const changePassword = (password: string, confirmation: string) =>
    api<MessageAnswer>('POST', '/api/change_password', {
      new_password: password,
      new_password_confirmation: confirmation,
    });
  /** After an account switch every cached resource belongs to someone else. */
  const reloadAll = () => mutateAny(() => true);
  return { save, saveRecipients, saveTour, endWalk, changePassword, reloadAll };
}
