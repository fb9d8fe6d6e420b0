import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, supportedLanguages } from '../i18n';

const names = { en: 'English', tr: 'Türkçe', ar: 'العربية' } as const;

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <select
      aria-label={t('common.language')}
      className="field w-auto"
      value={i18n.resolvedLanguage}
      onChange={(e) => {
        if (isLanguage(e.target.value)) void changeLanguage(e.target.value);
      }}
    >
      {supportedLanguages.map((language) => (
        <option key={language} value={language}>
          {names[language]}
        </option>
      ))}
    </select>
  );
}
