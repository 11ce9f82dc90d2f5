/**
 * The accounts' shared pieces: reading a user, the user as the API shows it, and the refusals every accounts
 * operation answers the same way (accounts.ts assembles the operations).
 */
import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../../contracts/account.ts';
import { can } from '../../../domain/permissions.ts';
import { normalizePhone } from '../../../domain/phone.ts';
import type { UserFields } from '../../../domain/schemas/user.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Config } from '../../config.ts';
import type { EmailVerificationService } from './email-verification.ts';
import type { MailService } from '../documents/mail.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import type { RateLimits } from '../platform/rate-limits.ts';
import type { createSessionsService } from './sessions.ts';
import type { TrustedDevicesService } from './trusted-devices.ts';
import type { SecondFactorsService } from './second-factors.ts';
import type { RelyingParty } from './passkey-ceremonies.ts';
import type { TokenCipher } from '../rides/token-cipher.ts';

export type User = typeof users.$inferSelect;

/** The user as the API shows it: never a secret. */
export function publicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    roles: user.roles,
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

function scopeOf(user: Pick<User, 'roles' | 'president'>): string[] {
  const scope = new Set(['user', ...user.roles]);
  if (can(user.roles, 'homologations.decide')) scope.add('homologation');
  if (user.president) scope.add('president');
  return [...scope];
}

export const wrongCurrentPassword = () =>
  new AppError(400, 'wrong_current_password', 'The current password is not correct', {
    fields: { current_password: 'validation:wrong_current_password' },
  });

export const emailTaken = () => new AppError(409, 'email_taken', 'This email address is already used');

/** Verifies the password, or the dummy hash when there is no account, so that both take as long. */
export async function checkPassword(user: User | undefined, password: string): Promise<boolean> {
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  return Boolean(user) && valid;
}

export function userColumns(fields: Omit<UserFields, 'current_password'>) {
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

/**
 * An account the club makes for someone (the CLI, an invitation): the minimum identity, to be completed by its owner
 * on the account page, and an address vouched for by whoever made it.
 */
export function accountMadeByTheClub(
  input: { email: string; prenom?: string; nom?: string },
  now = new Date(),
) {
  return {
    email: input.email.trim().toLowerCase(),
    civilite: 'm' as const,
    nom: input.nom ?? '',
    prenom: input.prenom ?? '',
    date_naissance: null,
    tel: '',
    adresse: '',
    cp: '',
    ville: '',
    pays: 'fr',
    nationalite: 'fr',
    emailVerifiedAt: now,
  };
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user;
}

export async function getUser(db: Database, id: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound('No such user');
  return user;
}

/** What the accounts operations work with. */
export interface AccountsDeps {
  db: Database;
  config: Config;
  sessions: ReturnType<typeof createSessionsService>;
  mail: MailService;
  rateLimits: RateLimits;
  emailVerification: EmailVerificationService;
  trustedDevices: TrustedDevicesService;
  secondFactors: SecondFactorsService;
  cipher: TokenCipher;
  relyingParty: RelyingParty;
}
