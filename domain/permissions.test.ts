import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, can, isStaff, listPermission, permissionsOf } from './permissions.ts';
import { STAFF_ROLES, normaliseRoles } from './roles.ts';

describe('the permission table', () => {
  it('gives each role exactly what issues 42 and 47 name', () => {
    expect(ROLE_PERMISSIONS).toEqual({
      desk: ['registrations.read', 'registrations.process', 'cards.scan'],
      president: ['registrations.read', 'homologations.read', 'homologations.decide'],
      treasurer: ['registrations.read', 'money.read', 'money.refund'],
      admin: ['people.manage', 'audit.read', 'personal_data.export', 'laureates.import', 'settings.manage'],
    });
  });

  it('leaves no permission to nobody, and the four roles together hold them all', () => {
    expect([...permissionsOf(STAFF_ROLES)].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('answers per role: money is the treasurer’s, decisions the president’s, scanning the desk’s', () => {
    expect(can(['desk'], 'cards.scan')).toBe(true);
    expect(can(['desk'], 'money.refund')).toBe(false);
    expect(can(['desk'], 'homologations.decide')).toBe(false);
    expect(can(['president'], 'homologations.decide')).toBe(true);
    expect(can(['president'], 'money.read')).toBe(false);
    expect(can(['treasurer'], 'money.refund')).toBe(true);
    expect(can(['treasurer'], 'cards.scan')).toBe(false);
    expect(can(['admin'], 'money.refund')).toBe(false);
    expect(can(['admin', 'treasurer'], 'money.refund')).toBe(true);
    expect(can([], 'registrations.read')).toBe(false);
  });

  it('opens the back office to anyone with a role', () => {
    expect(isStaff([])).toBe(false);
    expect(isStaff(['desk'])).toBe(true);
  });

  it('gives the homologation lists to the president and the others to the desk', () => {
    expect(listPermission('in_progress')).toBe('homologations.read');
    expect(listPermission('history')).toBe('homologations.read');
    expect(listPermission('traitements')).toBe('registrations.read');
    expect(listPermission('anything else')).toBe('registrations.read');
  });

  it('stores roles once each, in their fixed order, dropping unknown names', () => {
    expect(normaliseRoles(['admin', 'desk', 'admin', 'owner'])).toEqual(['desk', 'admin']);
  });
});
