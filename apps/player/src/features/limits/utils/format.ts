// How the Limits page writes amounts, minutes and moments, and reads what the player types.
import type { LimitKind } from '@reelcast/protocol/protection';

export const isMinutes = (kind: LimitKind) => kind === 'session_time';

/**
 * What the player typed as a limit: hundredths for money ('5', '5.00' or '5,00'), whole minutes
 * for session time; null when it is no positive amount.
 */
export function parseLimit(kind: LimitKind, text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (isMinutes(kind)) {
    return /^\d{1,5}$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
  }
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return null;
  const cents = Math.round(Number(trimmed) * 100);
  return cents > 0 ? cents : null;
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** A whole UTC day as the export's range takes it: 2026-01-31. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
