// The bounds every id and string a client sends is held to, so out-of-range input answers 40000
// before it reaches the database (where it would fail as a 500: int4 overflow, NUL in text).
import { z } from 'zod';

/** The largest id: row ids are PostgreSQL `integer` (int4) columns. */
export const ID_MAX = 2_147_483_647;

/** A row id in a JSON body or socket payload: a positive integer ≤ 2^31−1, never a string. */
export const id = z.number().int().min(1).max(ID_MAX);

/**
 * A row id as it arrives in a path or query string: plain decimal digits only (no sign, spaces,
 * exponent or hex that Number() would accept), then held to the same bounds as `id`.
 */
export const idText = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(id);

/** An id in a socket payload, where a client may send the number or its digits. */
export const idNumberOrText = z.union([id, idText]);

/** A small count in a query string (page, page size): digits only, 1 to max. */
export const countText = (max: number) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** C0 control characters (NUL, tab, newline…) and DEL. */
function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/**
 * A string a person types (name, password, key, note, reason): at most `max` characters and no
 * control character, so NUL never reaches PostgreSQL (which refuses it in text) nor a log line.
 */
export const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !hasControlCharacter(s), 'must not contain control characters');

/** Machine-made text that may hold line breaks (SDP): bounded, and no NUL. */
export const multilineText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL');
