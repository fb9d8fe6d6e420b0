import { roleGroups } from '@reelcast/protocol/log-types';
import { describe, expect, it } from 'vitest';
import { decideAccess, hasAccess, routeAuth } from './access';

describe('§6 route permission', () => {
  it('keeps the role groups of the spec', () => {
    expect(routeAuth.admin).toEqual(['admin']);
    expect(routeAuth.staff).toEqual(['admin', 'supervisor', 'cashier', 'auditor']);
    expect(routeAuth.user).toEqual(['admin', 'supervisor', 'cashier', 'auditor', 'user']);
    expect(routeAuth.onlyGuest).toEqual([]);
    expect(routeAuth.user).toBe(roleGroups.user);
  });

  // requirement, who asks (null = signed out), allowed?, what the guard does
  it.each([
    ['public', null, null, true, 'allow'],
    ['public', null, 'user', true, 'allow'],
    ['guests only', [], null, true, 'allow'],
    ['guests only', [], 'user', false, 'leave'],
    ['guests only', [], 'admin', false, 'leave'],
    ['user group', roleGroups.user, null, false, 'login'],
    ['user group', roleGroups.user, 'user', true, 'allow'],
    ['user group', roleGroups.user, 'supervisor', true, 'allow'],
    ['user group', roleGroups.user, 'admin', true, 'allow'],
    ['staff group', roleGroups.staff, 'user', false, 'forbidden'],
    ['staff group', roleGroups.staff, 'supervisor', true, 'allow'],
    ['staff group', roleGroups.staff, 'auditor', true, 'allow'],
    ['staff group', roleGroups.staff, null, false, 'login'],
    ['admin group', roleGroups.admin, 'supervisor', false, 'forbidden'],
    ['admin group', roleGroups.admin, 'admin', true, 'allow'],
    ['user group', roleGroups.user, 'guest', false, 'forbidden'],
  ] as const)('%s, role %s → %s (%s)', (_, auth, role, allowed, decision) => {
    expect(hasAccess(auth, role === null ? null : [role])).toBe(allowed);
    expect(decideAccess(auth, role)).toBe(decision);
  });

  it('lets a user in when any of their roles overlaps', () => {
    expect(hasAccess(['admin', 'staff'], ['user', 'staff'])).toBe(true);
    expect(hasAccess(['admin'], ['user', 'staff'])).toBe(false);
    expect(hasAccess(['admin'], [])).toBe(false);
  });
});
