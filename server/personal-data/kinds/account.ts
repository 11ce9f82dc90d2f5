/** The account itself and what hangs on it: sign-ins, known browsers, the order being prepared, public settings. */
import { and, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import {
  displayRestrictions,
  orderDrafts,
  orders,
  passkeyChallenges,
  passkeys,
  publicNameChoices,
  recoveryCodes,
  secondFactors,
  sessions,
  signInTickets,
  trustedDevices,
  users,
} from '../../db/schema/index.ts';
import { DEVICE_DAYS } from '../../services/accounts/trusted-devices.ts';
import type { Period } from '../../../domain/retention-period.ts';
import { type PersonalDataKind, columns, counted, recordsOf, sameAddress, sameAs } from '../kind.ts';

/**
 * Unverified accounts: nobody proved they read the address. One that ordered is in use and stays (its orders
 * need it); an administrator is never removed this way.
 */
export function accountKind(unverifiedFor: Period): PersonalDataKind {
  return {
    id: 'account',
    owner: ['account'],
    copy: recordsOf((db, { userId }) =>
      db
        .select(
          columns(users, [
            'email',
            'pendingEmail',
            'emailVerifiedAt',
            'civilite',
            'nom',
            'prenom',
            'date_naissance',
            'tel',
            'adresse',
            'complement',
            'cp',
            'ville',
            'pays',
            'nationalite',
            'locale',
            'roles',
            'president',
            'createdAt',
            'updatedAt',
          ]),
        )
        .from(users)
        .where(sameAs(users.id, userId)),
    ),
    retention: {
      period: unverifiedFor,
      purge: (tx, cutoff) =>
        counted(
          tx
            .delete(users)
            .where(
              and(
                isNull(users.emailVerifiedAt),
                lt(users.createdAt, cutoff),
                sql`cardinality(${users.roles}) = 0`,
                notExists(tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, users.id))),
              ),
            )
            .returning({ id: users.id }),
        ),
    },
  };
}

export const sessionsKind: PersonalDataKind = {
  id: 'sessions',
  owner: ['account'],
  copy: recordsOf((db, { userId }) =>
    db
      .select(columns(sessions, ['createdAt', 'expiresAt']))
      .from(sessions)
      .where(sameAs(sessions.userId, userId))
      .orderBy(sessions.createdAt),
  ),
  retention: {
    period: 'expiry',
    purge: (tx, now) =>
      counted(tx.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ userId: sessions.userId })),
  },
};

/**
 * The second factor (issue 42): when the authenticator app was set up and last used, each passkey's name and dates,
 * and the recovery codes' dates. Never the app's secret, a passkey's key nor the codes' hashes. It goes with the
 * account, or when its owner removes it.
 */
export const secondFactorKind: PersonalDataKind = {
  id: 'second_factor',
  owner: ['account'],
  copy: async (db, { userId }) => {
    const factors = await db
      .select(columns(secondFactors, ['kind', 'createdAt', 'confirmedAt', 'lastUsedAt']))
      .from(secondFactors)
      .where(sameAs(secondFactors.userId, userId));
    const keys = await db
      .select(columns(passkeys, ['name', 'backedUp', 'createdAt', 'lastUsedAt']))
      .from(passkeys)
      .where(sameAs(passkeys.userId, userId))
      .orderBy(passkeys.id);
    const codes = await db
      .select(columns(recoveryCodes, ['createdAt', 'usedAt']))
      .from(recoveryCodes)
      .where(sameAs(recoveryCodes.userId, userId))
      .orderBy(recoveryCodes.id);
    return {
      records: [
        ...factors,
        ...keys.map((key) => ({ kind: 'passkey', ...key })),
        ...codes.map((code) => ({ kind: 'recovery_code', ...code })),
      ],
    };
  },
  retention: { keep: 'account' },
};

/** A sign-in waiting for its code lives five minutes; expired ones are deleted by the daily job. */
export const signInTicketsKind: PersonalDataKind = {
  id: 'sign_in_tickets',
  owner: ['account'],
  retention: {
    period: 'expiry',
    purge: (tx, now) =>
      counted(
        tx
          .delete(signInTickets)
          .where(lt(signInTickets.expiresAt, now))
          .returning({ userId: signInTickets.userId }),
      ),
  },
};

/** A passkey ceremony under way lives five minutes; expired ones are deleted by the daily job. */
export const passkeyChallengesKind: PersonalDataKind = {
  id: 'passkey_challenges',
  owner: ['account'],
  retention: {
    period: 'expiry',
    purge: (tx, now) =>
      counted(
        tx
          .delete(passkeyChallenges)
          .where(lt(passkeyChallenges.expiresAt, now))
          .returning({ hash: passkeyChallenges.challengeHash }),
      ),
  },
};

/** Browsers unused for a year are forgotten: their device cookie has expired anyway (decision 0011). */
export const trustedDevicesKind: PersonalDataKind = {
  id: 'trusted_devices',
  owner: ['account'],
  copy: recordsOf((db, { userId }) =>
    db
      .select(columns(trustedDevices, ['createdAt', 'lastUsedAt']))
      .from(trustedDevices)
      .where(sameAs(trustedDevices.userId, userId))
      .orderBy(trustedDevices.createdAt),
  ),
  retention: {
    period: { amount: DEVICE_DAYS, unit: 'day' },
    purge: (tx, cutoff) =>
      counted(
        tx
          .delete(trustedDevices)
          .where(lt(trustedDevices.lastUsedAt, cutoff))
          .returning({ userId: trustedDevices.userId }),
      ),
  },
};

export const orderDraftKind: PersonalDataKind = {
  id: 'order_draft',
  owner: ['account'],
  copy: recordsOf((db, { userId }) =>
    db
      .select(columns(orderDrafts, ['draft', 'updatedAt']))
      .from(orderDrafts)
      .where(sameAs(orderDrafts.userId, userId)),
  ),
  retention: { keep: 'account' },
};

/** How the ranking names the person and whether it hides them: chosen for an address, so proven by it. */
export const publicSettingsKind: PersonalDataKind = {
  id: 'public_settings',
  owner: ['address'],
  async copy(db, { address }) {
    const [name] = await db
      .select(columns(publicNameChoices, ['display', 'updatedAt']))
      .from(publicNameChoices)
      .where(sameAddress(publicNameChoices.email, address));
    const [restriction] = await db
      .select(columns(displayRestrictions, ['requestedAt', 'confirmedAt', 'locale']))
      .from(displayRestrictions)
      .where(sameAddress(displayRestrictions.email, address));
    const records = [
      ...(name ? [{ setting: 'public_name', ...name }] : []),
      ...(restriction ? [{ setting: 'display_restriction', ...restriction }] : []),
    ];
    return { records };
  },
  retention: { keep: 'withdrawal' },
};
