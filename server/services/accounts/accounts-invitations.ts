/**
 * Inviting a new helper to the back office (issue 42): someone who manages people (having recently passed their
 * second factor) names the person and their roles; the account is made with the roles and an address the club vouches
 * for, and a link valid INVITATION_DAYS lets its owner choose a password. At their first sign-in the back office asks
 * them to set up their second factor. Audited as `user.create`, with who invited.
 */
import type { Locale } from '../../../domain/locales.ts';
import { normaliseRoles } from '../../../domain/roles.ts';
import type { InvitationInput } from '../../../domain/schemas/admin.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { validationError } from '../../errors.ts';
import { invitationEmail } from '../../mail/security-templates.ts';
import { type Caller, permittedRecently } from '../guards.ts';
import { recordAudit } from '../platform/audit.ts';
import { type AccountsDeps, accountMadeByTheClub, emailTaken } from './accounts-users.ts';
import { hashPassword } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';

/** An invitation's link lives a week: the helper may not read their mail the same day. */
export const INVITATION_DAYS = 7;

export function invitationOperations(deps: AccountsDeps) {
  const { db, config, mail } = deps;
  return {
    async invite(
      caller: Caller,
      input: InvitationInput,
      locale: Locale,
      now = new Date(),
    ): Promise<{ id: number }> {
      const actor = permittedRecently(caller, 'people.manage');
      const roles = normaliseRoles(input.roles);
      // An invitation is to the back office: without a role there is nothing to invite to.
      if (!roles.length) throw validationError({ roles: 'validation:role_required' });
      const email = input.email.trim().toLowerCase();
      const token = newToken();
      // Nobody knows this password: the link's owner chooses theirs.
      const passwordHash = await hashPassword(newToken());
      const url = new URL(`${config.publicUrl}/${locale}/account/reset-password`);
      url.searchParams.set('email', email);
      url.searchParams.set('token', token);
      try {
        const created = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            // Vouched for by the administrator who invites; the link proves it again when it is followed.
            .values({ ...accountMadeByTheClub(input, now), email, passwordHash, roles, locale })
            .returning({ id: users.id });
          await tx.insert(passwordResetTokens).values({
            tokenHash: hashToken(token),
            userId: user!.id,
            expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
          });
          await recordAudit(tx, {
            actorId: actor?.id ?? null,
            action: 'user.create',
            entity: 'user',
            entityId: user!.id,
            after: { email, roles, invited: true },
          });
          const inviter = actor ? `${actor.prenom} ${actor.nom}`.trim() || actor.email : '';
          await mail.queue(
            {
              to: email,
              ...invitationEmail(locale, config.publicUrl, {
                prenom: input.prenom,
                inviter,
                roles,
                url: url.toString(),
                days: INVITATION_DAYS,
              }),
            },
            tx,
          );
          return { id: user!.id };
        });
        mail.kick();
        return created;
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },
  };
}
