/** The club's administrators: who they are, and the accounts and roles the CLI gives (an administrator's right). */
import { eq } from 'drizzle-orm';
import type { AdminUser } from '../../../contracts/admin.ts';
import type { Role } from '../../../domain/roles.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type AccountsDeps, emailTaken, findUserByEmail } from './accounts-users.ts';
import { recordAudit } from '../platform/audit.ts';
import { type Caller, administrator } from '../guards.ts';
import { hashPassword } from './passwords.ts';

export function roleOperations({ db }: AccountsDeps) {
  return {
    async listAdmins(): Promise<AdminUser[]> {
      const rows = await db
        .select()
        .from(users)
        .where(eq(users.role, 'admin'))
        .orderBy(users.nom, users.prenom);
      return rows.map((user) => ({
        id: user.id,
        email: user.email,
        nom: user.nom,
        prenom: user.prenom,
        president: user.president,
        createdAt: user.createdAt.toISOString(),
      }));
    },

    /** For the CLI: an account with the minimum identity, to be completed by its owner on the account page. */
    async createUser(
      caller: Caller,
      input: { email: string; password: string; role: Role; prenom?: string; nom?: string },
    ) {
      const actorId = administrator(caller)?.id ?? null;
      const passwordHash = await hashPassword(input.password);
      try {
        const [created] = await db
          .insert(users)
          .values({
            email: input.email.trim().toLowerCase(),
            passwordHash,
            role: input.role,
            civilite: 'm',
            nom: input.nom ?? '',
            prenom: input.prenom ?? '',
            date_naissance: null,
            tel: '',
            adresse: '',
            cp: '',
            ville: '',
            pays: 'fr',
            nationalite: 'fr',
            // Made by someone with access to the server, who vouches for the address.
            emailVerifiedAt: new Date(),
          })
          .returning({ id: users.id });
        await recordAudit(db, {
          actorId,
          action: 'user.create',
          entity: 'user',
          entityId: created!.id,
          after: { email: input.email, role: input.role },
        });
        return created!;
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    async setRole(caller: Caller, email: string, role: Role, president?: boolean) {
      const actorId = administrator(caller)?.id ?? null;
      const user = await findUserByEmail(db, email);
      if (!user) throw notFound(`No account for ${email}`);
      const changes = { role, ...(president === undefined ? {} : { president }) };
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await recordAudit(tx, {
          actorId,
          action: 'user.role',
          entity: 'user',
          entityId: user.id,
          before: { role: user.role, president: user.president },
          after: { role, president: president ?? user.president },
        });
      });
    },
  };
}
