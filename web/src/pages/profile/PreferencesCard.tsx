import { Input, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { CURRENCIES, type Currency, type Language } from '../../../../functions/shared/constants';
import { useRefreshBilling } from '../../api/balance';
import { ApiError } from '../../api/client';
import { type Profile, useProfileActions } from '../../api/profile';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { notifyError, notifySuccess } from '../../components/notify';
import { activateLanguage, t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { ProfileSection } from './ProfileSection';

const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/** Language and currency save at once: the interface switches as soon as the server agrees. */
export function PreferencesCard({ profile }: { profile: Profile }) {
  const { t } = useT();
  const { save } = useProfileActions();
  const refreshBilling = useRefreshBilling();
  const [saving, setSaving] = useState<'lang' | 'currency' | 'role' | null>(null);
  const [currencyRefusal, setCurrencyRefusal] = useState<string | null>(null);

  const changeLanguage = async (lang: Language) => {
    setSaving('lang');
    try {
      await save({ lang });
      await activateLanguage(lang, true);
      notifySuccess(translate('profile.prefs.language_saved'));
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(null);
    }
  };

  const changeCurrency = async (value: string) => {
    if (!isCurrency(value)) return;
    setSaving('currency');
    setCurrencyRefusal(null);
    try {
      await save({ currency: value });
      // The balance, its minimum and the tariffs are the new currency's now.
      void refreshBilling();
      notifySuccess(translate('profile.prefs.currency_saved'));
    } catch (error) {
      // Why the currency stays (money has moved, a payment is open) stays in sight under the field.
      const refusal = error instanceof ApiError ? error.fields.currency : undefined;
      if (refusal) setCurrencyRefusal(refusal);
      else notifyError(error);
    } finally {
      setSaving(null);
    }
  };

  const changeRole = async (role: string) => {
    if (role !== 'client' && role !== 'partner') return;
    setSaving('role');
    try {
      await save({ role });
      notifySuccess(translate('profile.prefs.role_saved'));
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <ProfileSection title={t('profile.prefs.title')} testId="profile-preferences">
      <Stack gap="md">
        <Input.Wrapper label={t('language.label')} labelElement="div">
          <div>
            <LanguageSwitch onChange={changeLanguage} disabled={saving !== null} />
          </div>
        </Input.Wrapper>
        <NativeSelect
          label={t('auth.currency')}
          value={profile.currency}
          disabled={saving !== null}
          error={currencyRefusal}
          data={CURRENCIES.map((value) => ({ value, label: t(`currency.${value}`) }))}
          onChange={(event) => changeCurrency(event.currentTarget.value)}
        />
        <NativeSelect
          label={t('profile.prefs.role')}
          description={t('profile.prefs.role_hint')}
          value={profile.role ?? 'client'}
          disabled={saving !== null}
          data={(['client', 'partner'] as const).map((value) => ({
            value,
            label: t(`profile.prefs.role_${value}`),
          }))}
          onChange={(event) => changeRole(event.currentTarget.value)}
          data-testid="profile-role"
        />
      </Stack>
    </ProfileSection>
  );
}
