import { useTranslation } from '../../../shared/i18n';

export function useFormatDateTime(): (iso: string | null) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  return (iso) => {
    if (!iso) return '—';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}
