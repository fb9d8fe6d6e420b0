// What a sign-in answer says about the player beyond the token (§3, §6): permission ids, group
// and type, which only the menu's can-see check reads, and the name, photo, shortcuts and
// settings the shell shows.
import type { UserSettings } from '@reelcast/protocol/http';
import { defaultUserSettings, readUserSettings } from '@reelcast/protocol/user-settings';

export type PlayerAccount = {
  permissions: number[];
  group: string;
  type: string;
  displayName: string;
  photoURL: string | null;
  /** navigation item ids */
  shortcuts: string[];
  settings: UserSettings;
};

/**
 * Until a sign-in answer says otherwise (a page load before /validate answers, a token from the
 * page address), a player holds no permissions: the menu shows nothing it would have to take back.
 */
export function emptyAccount(displayName = ''): PlayerAccount {
  return {
    permissions: [],
    group: '',
    type: '',
    displayName,
    photoURL: null,
    shortcuts: [],
    settings: defaultUserSettings,
  };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The account from a login or /validate answer (protocol signInUser), read by hand: zod stays out
 * of the entry chunk. Anything missing reads as the empty account's value.
 */
export function accountFromAnswer(answer: unknown, fallbackName = ''): PlayerAccount {
  const a = (answer ?? {}) as Record<string, unknown>;
  const permissions = Array.isArray(a.Permissions)
    ? a.Permissions.map((item) => (item as { PermissionId?: unknown } | null)?.PermissionId).filter(
        (id): id is number => Number.isInteger(id),
      )
    : [];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    permissions,
    group: text(a.Group),
    type: text(a.type),
    displayName: text(a.displayName) || fallbackName,
    photoURL: text(a.photoURL) || null,
    shortcuts: strings(a.shortcuts),
    settings: readUserSettings(a.settings),
  };
}

/** An account type that passes every level: operators configure the levels themselves. */
export const OPERATOR_TYPE = 'operator';

/**
 * §6 can-see: an item without levels is for everyone; otherwise the player must hold one of its
 * levels as a permission id, unless their type is the operator's. See docs/permissions.md.
 */
export function canSee(
  levels: readonly number[] | undefined,
  permissions: readonly number[],
  type: string,
): boolean {
  if (!levels || levels.length === 0) return true;
  if (type === OPERATOR_TYPE) return true;
  return levels.some((level) => permissions.includes(level));
}
