/**
 * One home for "this account has a second factor": a confirmed authenticator app or a passkey (decision 0048,
 * decision 0050). The session's lookup reads it as a column; the services ask it of one account.
 */
import { type SQL, and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { passkeys, recoveryCodes, secondFactors, users } from '../../db/schema/index.ts';
import type { SecondFactorMethod } from '../../../domain/second-factor.ts';

/** True where the account of `userId` has a second factor: a column for a query about many accounts. */
export function hasSecondFactorColumn(userId: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${secondFactors} where ${and(
    eq(secondFactors.userId, userId),
    isNotNull(secondFactors.confirmedAt),
  )}) or exists (select 1 from ${passkeys} where ${eq(passkeys.userId, userId)}))`;
}

/** Whether the account has a second factor: its sign-in then asks for it. */
export async function hasSecondFactor(database: Database, userId: number): Promise<boolean> {
  const [row] = await database
    .select({ has: hasSecondFactorColumn(users.id) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.has === true;
}

/** The ways this account may pass its second factor now, as the sign-in's ticket names them. */
export async function methodsOf(database: Database, userId: number): Promise<SecondFactorMethod[]> {
  const [row] = await database
    .select({
      totp: sql<boolean>`exists (select 1 from ${secondFactors} where ${and(
        eq(secondFactors.userId, userId),
        isNotNull(secondFactors.confirmedAt),
      )})`,
      passkey: sql<boolean>`exists (select 1 from ${passkeys} where ${eq(passkeys.userId, userId)})`,
      recoveryCode: sql<boolean>`exists (select 1 from ${recoveryCodes} where ${and(
        eq(recoveryCodes.userId, userId),
        sql`${recoveryCodes.usedAt} is null`,
      )})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const methods: SecondFactorMethod[] = [];
  if (row?.totp) methods.push('totp');
  if (row?.passkey) methods.push('passkey');
  if (row?.recoveryCode) methods.push('recovery_code');
  return methods;
}
