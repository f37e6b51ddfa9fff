import { SegmentedControl } from '@mantine/core';
import { LANGUAGES, type Language } from '../../../functions/shared/constants';
import { activateLanguage, isLanguage } from '../i18n/i18n';
import { useT } from '../i18n/use-t';

interface LanguageSwitchProps {
  /** Defaults to switching the interface and saving the preference in the browser. */
  onChange?: (lang: Language) => void;
  disabled?: boolean;
}

export function LanguageSwitch({ onChange, disabled }: LanguageSwitchProps) {
  const { t, lang } = useT();
  return (
    <SegmentedControl
      size="xs"
      value={lang}
      disabled={disabled}
      aria-label={t('language.label')}
      data-testid="language-switch"
      data={LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
      onChange={(value) => {
        if (!isLanguage(value)) return;
        if (onChange) onChange(value);
        else void activateLanguage(value, true);
      }}
    />
  );
}
