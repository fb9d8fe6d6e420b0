// §6 route permission: who may open a route, and where everyone else goes instead.
import { roleGroups } from '@reelcast/protocol/log-types';

/** A route's requirement: null is public, [] is guests only, otherwise the roles let in. */
export type RouteAuth = readonly string[] | null;

export const routeAuth = {
  public: null,
  onlyGuest: roleGroups.onlyGuest,
  user: roleGroups.user,
  staff: roleGroups.staff,
  admin: roleGroups.admin,
} as const satisfies Record<string, RouteAuth>;

/** §6: null admits everyone, [] only the signed-out, otherwise any overlap of roles. */
export function hasAccess(auth: RouteAuth, roles: readonly string[] | null): boolean {
  if (auth === null) return true;
  if (auth.length === 0) return roles === null;
  if (roles === null) return false;
  return roles.some((role) => auth.includes(role));
}

/**
 * What a guard does with a request: render the route, send a guest to sign in, send a signed-in
 * player on (guest-only pages), or refuse a role that may not see the page.
 */
export type AccessDecision = 'allow' | 'login' | 'leave' | 'forbidden';

export function decideAccess(auth: RouteAuth, role: string | null): AccessDecision {
  const roles = role === null ? null : [role];
  if (hasAccess(auth, roles)) return 'allow';
  if (roles === null) return 'login';
  return auth !== null && auth.length === 0 ? 'leave' : 'forbidden';
}
