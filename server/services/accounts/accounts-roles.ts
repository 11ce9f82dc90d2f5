/**
 * The back office's people and their roles (issue 42): who holds which, granted and revoked by those who may
 * manage people (or the CLI), each change audited with its before and after, every administrator told, and the
 * sessions of someone who lost a role ended at once.
 */
import { arrayContains, eq, getTableColumns, sql } from 'drizzle-orm';
import type { StaffMember } from '../../../contracts/admin.ts';
import { type StaffRole, normaliseRoles } from '../../../domain/roles.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/index.ts';
import { hasSecondFactorColumn } from './has-second-factor.ts';
import { AppError, notFound } from '../../errors.ts';
import { rolesChangedEmail } from '../../mail/templates.ts';
import { type AccountsDeps, accountMadeByTheClub, emailTaken, findUserByEmail } from './accounts-users.ts';
import { recordAudit } from '../platform/audit.ts';
import { actorIdOf, type Caller, permitted, recentActorIdOf } from '../guards.ts';
import { hashPassword } from './passwords.ts';

type User = typeof users.$inferSelect;

/** A user's row with whether they have a confirmed second factor. */
const withSecondFactor = {
  ...getTableColumns(users),
  secondFactor: hasSecondFactorColumn(users.id),
};

const staffMember = (user: User & { secondFactor: boolean }): StaffMember => ({
  id: user.id,
  email: user.email,
  nom: user.nom,
  prenom: user.prenom,
  president: user.president,
  roles: user.roles,
  createdAt: user.createdAt.toISOString(),
  lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  second_factor: user.secondFactor,
});

export function roleOperations(deps: AccountsDeps) {
  const { db } = deps;
  return {
    /** Everyone who holds a role; with `email`, that one account whatever it holds (to grant a first role). */
    async listStaff(caller: Caller, query: { email?: string } = {}): Promise<StaffMember[]> {
      permitted(caller, 'people.manage');
      const where = query.email
        ? eq(users.email, query.email.trim().toLowerCase())
        : sql`cardinality(${users.roles}) > 0`;
      const rows = await db
        .select(withSecondFactor)
        .from(users)
        .where(where)
        .orderBy(users.nom, users.prenom)
        .limit(500);
      return rows.map(staffMember);
    },

    /** For the CLI: an account with the minimum identity, to be completed by its owner on the account page. */
    async createUser(
      caller: Caller,
      input: { email: string; password: string; roles: readonly StaffRole[]; prenom?: string; nom?: string },
    ) {
      const actorId = actorIdOf(caller, 'people.manage');
      const passwordHash = await hashPassword(input.password);
      const roles = normaliseRoles(input.roles);
      try {
        const [created] = await db
          .insert(users)
          // Made by someone with access to the server, who vouches for the address.
          .values({ ...accountMadeByTheClub(input), passwordHash, roles })
          .returning({ id: users.id });
        await recordAudit(db, {
          actorId,
          action: 'user.create',
          entity: 'user',
          entityId: created!.id,
          after: { email: input.email, roles },
        });
        return created!;
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /** Sets the roles of the account `userId`; a role taken away ends its sessions at once. */
    setRoles: (caller: Caller, userId: number, roles: readonly StaffRole[], president?: boolean) =>
      setRoles(deps, caller, userId, roles, president),

    /** The CLI's way: the account named by its address. */
    async setRolesByEmail(caller: Caller, email: string, roles: readonly StaffRole[], president?: boolean) {
      permitted(caller, 'people.manage');
      const user = await findUserByEmail(db, email);
      if (!user) throw notFound(`No account for ${email}`);
      return setRoles(deps, caller, user.id, roles, president);
    },
  };
}

async function setRoles(
  deps: AccountsDeps,
  caller: Caller,
  userId: number,
  wanted: readonly StaffRole[],
  president?: boolean,
): Promise<StaffMember> {
  const { db } = deps;
  // Giving or taking power: a recent second factor (issue 42).
  const actorId = recentActorIdOf(caller, 'people.manage');
  const roles = normaliseRoles(wanted);
  const updated = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('No such account');
    await assertAnAdministratorRemains(tx, user, roles);
    const changes = { roles, ...(president === undefined ? {} : { president }) };
    const [after] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'user.roles',
      entity: 'user',
      entityId: user.id,
      before: { roles: user.roles, president: user.president },
      after: { roles, president: after!.president },
    });
    if (user.roles.some((role) => !roles.includes(role))) await deps.sessions.revokeAll(user.id, tx);
    await tellAdministrators(deps, tx, user, after!);
    return after!;
  });
  const [withFactor] = await db.select(withSecondFactor).from(users).where(eq(users.id, updated.id));
  return staffMember(withFactor!);
}

const lastAdministrator = () =>
  new AppError(409, 'last_admin', 'The club would be left without an administrator to grant the roles again');

type Transaction = Database;

/** The club is never left without someone able to grant the roles again. */
async function assertAnAdministratorRemains(tx: Transaction, user: User, roles: StaffRole[]) {
  if (!user.roles.includes('admin') || roles.includes('admin')) return;
  const [others] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${arrayContains(users.roles, ['admin'])} and ${users.id} <> ${user.id}`);
  if (!others?.count) throw lastAdministrator();
}

/** Queued in the change's transaction: every administrator (the new roles included) hears of it. */
async function tellAdministrators(deps: AccountsDeps, tx: Transaction, before: User, after: User) {
  const administrators = await tx
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(arrayContains(users.roles, ['admin']));
  const change = {
    person: `${after.prenom} ${after.nom}`.trim() || after.email,
    before: before.roles,
    after: after.roles,
  };
  for (const administrator of administrators)
    await deps.mail.queue(
      { to: administrator.email, ...rolesChangedEmail(administrator.locale, deps.config.publicUrl, change) },
      tx,
    );
}
