/**
 * Who runs the club's back office (issue 42). Every account is a rider's; a person may also hold any of the staff
 * roles, each a list of permissions (`domain/permissions.ts`). No role means no back office.
 */
export const STAFF_ROLES = ['desk', 'president', 'treasurer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles in their fixed order, each once: how they are stored and shown. */
export function normaliseRoles(roles: Iterable<string>): StaffRole[] {
  const held = new Set(roles);
  return STAFF_ROLES.filter((role) => held.has(role));
}
