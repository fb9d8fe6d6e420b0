// Money arrives as integer hundredths; it is divided by 100 only here, for display, and typed
// amounts are turned back into hundredths without floating point.
import { useTranslation } from 'react-i18next';

const numberLocales: Record<string, string> = { tr: 'tr-TR', en: 'en-US', ar: 'ar-EG' };
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(language: string): Intl.NumberFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberLocales[language] ?? language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(language, formatter);
  }
  return formatter;
}

/** 123456 → '1,234.56' (en), '1.234,56' (tr). */
export function formatCents(cents: number, language: string): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}${formatterFor(language).format(Math.abs(cents) / 100)}`;
}

export function useFormatCents(): (cents: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (cents) => formatCents(cents, language);
}

/** '1.00', '1,5', '12' → hundredths; null for anything that is not a positive amount. */
export function parseAmount(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** An RTP as a percentage with two decimals, or a dash when there was no bet. */
export function formatRtp(rtp: number | null, language: string): string {
  if (rtp === null) return '—';
  return `${formatterFor(language).format(rtp * 100)} %`;
}

/** A date-time in the staff member's language, to the second. */
export function formatTime(iso: string | null, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(numberLocales[language] ?? language, {
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date(iso));
}
