// How a setting's value is edited: arrays and objects as JSON text, booleans as a check box,
// numbers and strings in a plain field, by the type of the value in force (the server checks it).

export type EditorKind = 'json' | 'boolean' | 'number' | 'text';

export const editorKind = (value: unknown): EditorKind =>
  typeof value === 'boolean'
    ? 'boolean'
    : typeof value === 'number'
      ? 'number'
      : typeof value === 'string'
        ? 'text'
        : 'json';

/** The text the editor starts from. */
export const draftOf = (value: unknown): string =>
  editorKind(value) === 'json' ? JSON.stringify(value, null, 2) : String(value);

/** How a value is shown in the list: as JSON, so "" and "10" are told from nothing and 10. */
export const shownValue = (value: unknown): string => JSON.stringify(value) ?? '—';

export type Parsed = { ok: true; value: unknown } | { ok: false; error: 'json' | 'number' };

/** The value to send, or why the text is not one (said before anything is sent). */
export function parseDraft(kind: EditorKind, draft: string): Parsed {
  if (kind === 'boolean') return { ok: true, value: draft === 'true' };
  if (kind === 'text') return { ok: true, value: draft };
  if (kind === 'number') {
    const value = Number(draft);
    return draft.trim() !== '' && Number.isFinite(value)
      ? { ok: true, value }
      : { ok: false, error: 'number' };
  }
  try {
    return { ok: true, value: JSON.parse(draft) };
  } catch {
    return { ok: false, error: 'json' };
  }
}
