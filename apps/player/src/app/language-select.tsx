import { Languages } from 'lucide-react';
import {
  changeLanguage,
  isLanguage,
  type Language,
  offeredLanguages,
  useTranslation,
} from '../shared/i18n';

const languageNames: Record<Language, string> = { tr: 'Türkçe', en: 'English', ar: 'العربية' };

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'tr';
  // Arabic is not offered (§3) but stays listed while it is the language in use.
  const languages = offeredLanguages.includes(current)
    ? offeredLanguages
    : [...offeredLanguages, current];

  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{t('nav.language')}</legend>
      <Languages aria-hidden="true" className="hidden size-4 text-ink-soft sm:block" />
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === current}
          aria-label={languageNames[language]}
          onClick={() => void changeLanguage(language)}
          className={`flex size-11 items-center justify-center rounded-lg text-xs font-bold uppercase transition ${
            language === current ? 'bg-gold text-floor' : 'text-ink-soft hover:text-gold'
          }`}
        >
          {language}
        </button>
      ))}
    </fieldset>
  );
}
