/**
 * Accounts: sign-up, sign-in, profile, password change, forgotten password and reset, roles. Every answer that
 * could reveal whether an email has an account is the same for known and unknown addresses.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PublicUser } from '../../contracts/account.ts';
import type { AdminUser } from '../../contracts/admin.ts';
import type { Locale } from '../../domain/locales.ts';
import { normalizePhone } from '../../domain/phone.ts';
import type { ChangePasswordInput, SignupInput, UserFields } from '../../domain/schemas/user.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { passwordResetTokens, users } from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import { emailChangeNoticeEmail, passwordResetEmail } from '../mail/templates.ts';
import { recordAudit } from './audit.ts';
import { type EmailVerificationService, revokeResetLinks } from './email-verification.ts';
import { type Caller, signedIn } from './guards.ts';
import type { MailService } from './mail.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { type RateLimits, SIGN_IN_LIMITS } from './rate-limits.ts';
import type { createSessionsService } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';
import type { TrustedDevicesService } from './trusted-devices.ts';
import type { Role } from '../../domain/roles.ts';
import { isUniqueViolation } from '../db/errors.ts';

export const RESET_TOKEN_HOURS = 24;

type User = typeof users.$inferSelect;

/** The user as the API shows it: never a secret. */
export function publicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    president: user.president,
    scope: scopeOf(user),
    civilite: user.civilite,
    nom: user.nom,
    prenom: user.prenom,
    date_naissance: user.date_naissance,
    tel: user.tel,
    adresse: user.adresse,
    complement: user.complement,
    cp: user.cp,
    ville: user.ville,
    pays: user.pays,
    nationalite: user.nationalite,
    email_verified: user.emailVerifiedAt !== null,
    pending_email: user.pendingEmail,
  };
}

function scopeOf(user: Pick<User, 'role' | 'president'>): string[] {
  const scope = ['user'];
  if (user.role === 'admin') scope.push('admin', 'homologation');
  if (user.president) scope.push('president');
  return scope;
}

export const wrongCurrentPassword = () =>
  new AppError(400, 'wrong_current_password', 'The current password is not correct', {
    fields: { current_password: 'validation:wrong_current_password' },
  });

/** Verifies the password, or the dummy hash when there is no account, so that both take as long. */
async function checkPassword(user: User | undefined, password: string): Promise<boolean> {
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  return Boolean(user) && valid;
}

function userColumns(fields: Omit<UserFields, 'current_password'>) {
  return {
    civilite: fields.civilite,
    nom: fields.nom,
    prenom: fields.prenom,
    date_naissance: fields.date_naissance,
    tel: normalizePhone(fields.tel, fields.pays) ?? fields.tel,
    adresse: fields.adresse,
    complement: fields.complement,
    cp: fields.cp,
    ville: fields.ville,
    pays: fields.pays,
    nationalite: fields.nationalite,
    email: fields.email,
  };
}

export function createAccountsService(deps: {
  db: Database;
  config: Config;
  sessions: ReturnType<typeof createSessionsService>;
  mail: MailService;
  rateLimits: RateLimits;
  emailVerification: EmailVerificationService;
  trustedDevices: TrustedDevicesService;
}) {
  const { db, config, sessions, mail, rateLimits, emailVerification, trustedDevices } = deps;

  async function findByEmail(email: string): Promise<User | undefined> {
    const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
    return user;
  }

  async function getUser(id: number): Promise<User> {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw notFound('No such user');
    return user;
  }

  return {
    findByEmail,

    async signup(input: SignupInput, locale: Locale): Promise<{ id: number }> {
      const passwordHash = await hashPassword(input.password);
      try {
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ ...userColumns(input), passwordHash, locale })
            .returning({ id: users.id, prenom: users.prenom, email: users.email });
          await emailVerification.issue(tx, row!, row!.email, 'signup', locale);
          return { id: row!.id };
        });
        mail.kick();
        return created;
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError(409, 'email_taken', 'This email address is already used');
        throw error;
      }
    },

    /**
     * Signs in. A browser holding this account's device cookie spends its own budget of failures; any other
     * spends the account's budget for unknown browsers, which attackers exhaust without locking the owner out
     * (decision 0011). Returns the device token for the browser's cookie.
     */
    async login(
      input: { email: string; password: string },
      ip: string,
      options: { locale?: Locale; deviceToken?: string } = {},
    ) {
      const email = input.email.trim().toLowerCase();
      await rateLimits.consume(SIGN_IN_LIMITS.perIp, ip);
      const user = await findByEmail(email);
      const device = user ? await trustedDevices.recognise(user.id, options.deviceToken) : null;
      const [rule, key] = device ? [SIGN_IN_LIMITS.perDevice, device] : [SIGN_IN_LIMITS.perEmail, email];
      await rateLimits.consume(rule, key);
      if (!(await checkPassword(user, input.password)) || !user)
        throw new AppError(401, 'invalid_credentials', 'Incorrect email address or password');
      await rateLimits.reset(rule, key);
      if (options.locale && options.locale !== user.locale)
        await db.update(users).set({ locale: options.locale }).where(eq(users.id, user.id));
      const session = await sessions.create(user.id);
      const deviceToken = await trustedDevices.remember(user.id, options.deviceToken);
      return { ...session, deviceToken, user: publicUser(user) };
    },

    async profile(userId: number): Promise<PublicUser> {
      return publicUser(await getUser(userId));
    },

    /**
     * Saves the profile. A new email address needs the current password; it is only recorded as pending, a
     * link goes to it and the current address is told: the address changes when the link is followed.
     */
    async updateProfile(
      caller: Caller,
      fields: UserFields,
      context: { ip: string; locale: Locale },
    ): Promise<PublicUser> {
      const userId = signedIn(caller).id;
      const { current_password: currentPassword, ...values } = fields;
      const current = await getUser(userId);
      const newEmail = values.email.trim().toLowerCase();
      const changesEmail = newEmail !== current.email && newEmail !== current.pendingEmail;
      if (changesEmail) {
        if (!currentPassword || !(await verifyPassword(current.passwordHash, currentPassword)))
          throw wrongCurrentPassword();
        const taken = await findByEmail(newEmail);
        if (taken) throw new AppError(409, 'email_taken', 'This email address is already used');
        await rateLimits.consume(SIGN_IN_LIMITS.verificationPerIp, context.ip);
        await rateLimits.consume(SIGN_IN_LIMITS.verificationPerEmail, newEmail);
      }
      try {
        const result = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(users).where(eq(users.id, userId));
          if (!before) throw notFound('No such user');
          const [after] = await tx
            .update(users)
            .set({
              ...userColumns(values),
              email: before.email,
              ...(changesEmail ? { pendingEmail: newEmail } : {}),
              updatedAt: new Date(),
            })
            .where(eq(users.id, userId))
            .returning();
          if (changesEmail) {
            await emailVerification.issue(tx, after!, newEmail, 'change', context.locale);
            await mail.queue(
              {
                to: before.email,
                ...emailChangeNoticeEmail(context.locale, config.publicUrl, {
                  prenom: after!.prenom,
                  newEmail,
                }),
              },
              tx,
            );
          }
          await recordAudit(tx, {
            actorId: userId,
            action: 'user.update',
            entity: 'user',
            entityId: userId,
            before: publicUser(before),
            after: publicUser(after!),
          });
          return publicUser(after!);
        });
        if (changesEmail) mail.kick();
        return result;
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError(409, 'email_taken', 'This email address is already used');
        throw error;
      }
    },

    /**
     * Mails the waiting link again: to the pending address when a change waits, else to the unverified
     * address. Nothing to send answers the same. Limited per account, per IP and per receiving address.
     */
    async resendVerification(caller: Caller, context: { ip: string; locale: Locale }): Promise<void> {
      const userId = signedIn(caller).id;
      await rateLimits.consume(SIGN_IN_LIMITS.verificationPerIp, context.ip);
      await rateLimits.consume(SIGN_IN_LIMITS.verificationPerAccount, String(userId));
      const user = await getUser(userId);
      const target = user.pendingEmail ?? (user.emailVerifiedAt ? null : user.email);
      if (!target) return;
      await rateLimits.consume(SIGN_IN_LIMITS.verificationPerEmail, target);
      await db.transaction((tx) =>
        emailVerification.issue(tx, user, target, user.pendingEmail ? 'change' : 'signup', context.locale),
      );
      mail.kick();
    },

    /** Changes the password and ends every other session of the user. */
    async changePassword(
      caller: Caller,
      input: ChangePasswordInput,
      currentToken: string | null,
    ): Promise<void> {
      const userId = signedIn(caller).id;
      const user = await getUser(userId);
      if (!(await verifyPassword(user.passwordHash, input.current_password))) throw wrongCurrentPassword();
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
        await sessions.revokeAllExcept(userId, currentToken, tx);
        await revokeResetLinks(tx, userId);
      });
    },

    /** Sends a reset link when the account exists; the caller answers the same either way. */
    async forgotPassword(
      input: { email: string; lang: Locale },
      ip: string,
      now = new Date(),
    ): Promise<void> {
      await rateLimits.consume(SIGN_IN_LIMITS.forgotPerIp, ip);
      await rateLimits.consume(SIGN_IN_LIMITS.forgotPerEmail, input.email.trim().toLowerCase());
      const user = await findByEmail(input.email);
      if (!user) {
        // Unknown addresses spend about what issuing a link costs, so that the answer's timing tells nothing.
        await verifyPassword(await dummyPasswordHash(), input.email);
        return;
      }
      const token = newToken();
      const url = new URL(`${config.publicUrl}/${input.lang}/account/reset-password`);
      url.searchParams.set('email', user.email);
      url.searchParams.set('token', token);
      await db.transaction(async (tx) => {
        // At most one valid link per account: the newest.
        await revokeResetLinks(tx, user.id, now);
        await tx.insert(passwordResetTokens).values({
          tokenHash: hashToken(token),
          userId: user.id,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_HOURS * 3600_000),
        });
        await mail.queue(
          {
            to: user.email,
            ...passwordResetEmail(input.lang, config.publicUrl, { prenom: user.prenom, url: url.toString() }),
          },
          tx,
        );
      });
      mail.kick();
    },

    /** Sets a new password from a valid link (24 hours, once) and ends all the user's sessions. */
    async resetPassword(email: string, token: string, password: string, now = new Date()): Promise<void> {
      const invalid = () =>
        new AppError(400, 'invalid_or_expired_token', 'This link is invalid or has expired');
      // Hashed first, for known and unknown addresses alike: the answer takes as long either way.
      const passwordHash = await hashPassword(password);
      const user = await findByEmail(email);
      if (!user) throw invalid();
      await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashToken(token)),
              eq(passwordResetTokens.userId, user.id),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!used) throw invalid();
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
        await sessions.revokeAll(user.id, tx);
        await revokeResetLinks(tx, user.id, now);
      });
    },

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
    async createUser(input: { email: string; password: string; role: Role; prenom?: string; nom?: string }) {
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
          actorId: null,
          action: 'user.create',
          entity: 'user',
          entityId: created!.id,
          after: { email: input.email, role: input.role },
        });
        return created!;
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError(409, 'email_taken', 'This email address is already used');
        throw error;
      }
    },

    async setRole(email: string, role: Role, president?: boolean) {
      const user = await findByEmail(email);
      if (!user) throw notFound(`No account for ${email}`);
      const changes = { role, ...(president === undefined ? {} : { president }) };
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await recordAudit(tx, {
          actorId: null,
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
