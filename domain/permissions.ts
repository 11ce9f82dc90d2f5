/**
 * Each act of the back office names the permission it needs, once, here; each staff role is a list of them
 * (issue 42; decision 0046). The services check them through `server/services/guards.ts` (`permitted`), the API's
 * routes early through the same guard, and the pages show each person only what their permissions allow.
 */
import type { StaffRole } from './roles.ts';

export const PERMISSIONS = [
  // desk: the volunteer at the desk
  'registrations.read', // the registration lists, their CSV, the candidate page
  'registrations.process', // processing, documents, print jobs, labels, kits handed over, a paper consent
  'cards.scan', // returned route cards
  // president: homologations
  'homologations.read', // in progress, history, evidence, the attached rides
  'homologations.decide', // homologate, reject, cancel, correct, batch, requests to the rider
  // treasurer: money
  'money.read', // refunds' list, cancellation requests, the ledger, the dashboard's money
  'money.refund', // refunds, deciding cancellation requests
  // admin: the site
  'people.manage', // people and their roles, their second factor
  'audit.read', // the audit log
  'personal_data.export', // another person's data
  'laureates.import', // the club's records
  'settings.manage', // the club's settings: price, refund fee, pick-up points, notice, registrations (issue 47)
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  desk: ['registrations.read', 'registrations.process', 'cards.scan'],
  // The president decides from the candidate's file: reading it comes with the decision.
  president: ['registrations.read', 'homologations.read', 'homologations.decide'],
  // A refund is decided from the order it gives back: the treasurer reads the registrations too.
  treasurer: ['registrations.read', 'money.read', 'money.refund'],
  admin: ['people.manage', 'audit.read', 'personal_data.export', 'laureates.import', 'settings.manage'],
};

/** Every permission the roles give, each once. */
export function permissionsOf(roles: readonly StaffRole[]): Set<Permission> {
  return new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
}

export const can = (roles: readonly StaffRole[], permission: Permission): boolean =>
  roles.some((role) => ROLE_PERMISSIONS[role].includes(permission));

/** What a session says of its person for `canNow`. */
export interface ActingPerson {
  roles: readonly StaffRole[];
  hasSecondFactor: boolean;
  secondFactorAt: string | null;
}

/**
 * Whether a person may use `permission` now: their roles give it and their session passed their second factor
 * (issue 42). For what a service or a page shows more of, without refusing; `permitted` in server/services/guards.ts
 * is the same rule, refusing.
 */
export const canNow = (person: ActingPerson, permission: Permission): boolean =>
  can(person.roles, permission) && person.hasSecondFactor && person.secondFactorAt !== null;

/** Who reads a rider's electronic route card besides its owner: the president who judges, the desk that scans. */
export const readsRouteCards = (person: ActingPerson): boolean =>
  canNow(person, 'homologations.read') || canNow(person, 'cards.scan');

/** Whether a person belongs in the back office at all. */
export const isStaff = (roles: readonly StaffRole[]): boolean => roles.length > 0;

/** The homologation lists are the president's; the others, the registrations the desk processes. */
export const listPermission = (list: string): Permission =>
  list === 'in_progress' || list === 'history' ? 'homologations.read' : 'registrations.read';
