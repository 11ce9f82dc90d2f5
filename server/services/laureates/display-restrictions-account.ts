/**
 * The signed-in person's own switches, for their account's address: hiding their results, and how public tables
 * name them. Only the proven owner of the address changes them (guards.ts).
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { NameDisplay } from '../../../domain/public-name.ts';
import type { Database } from '../../db/client.ts';
import { displayRestrictions, publicNameChoices } from '../../db/schema/index.ts';
import { recordAudit } from '../platform/audit.ts';
import type { DisplayRestrictionsDeps, PublicDisplayState } from './display-restrictions.ts';
import { type Caller, withVerifiedEmail } from '../guards.ts';
import { hashToken, newToken } from '../accounts/tokens.ts';

export function accountOperations(deps: DisplayRestrictionsDeps) {
  const { db } = deps;

  const stateOf = (email: string) => addressState(db, email);

  return {
    /** What the account page and GET /api/me/public-display show for the account's address. */
    stateOf,

    /** Only the proven owner of the address may show again what its owner hid. */
    async setHidden(caller: Caller, hidden: boolean, now = new Date()): Promise<PublicDisplayState> {
      const user = withVerifiedEmail(caller);
      const email = user.email.trim().toLowerCase();
      await db.transaction(async (tx) => {
        if (hidden) {
          await tx
            .insert(displayRestrictions)
            .values({
              email,
              tokenHash: hashToken(newToken()),
              locale: user.locale,
              requestedAt: now,
              confirmedAt: now,
            })
            .onConflictDoUpdate({
              target: displayRestrictions.email,
              set: {
                confirmedAt: sql`coalesce(${displayRestrictions.confirmedAt}, ${now.toISOString()}::timestamptz)`,
              },
            });
        } else {
          await tx.delete(displayRestrictions).where(sql`lower(${displayRestrictions.email}) = ${email}`);
        }
        await recordAudit(tx, {
          actorId: user.id,
          action: hidden ? 'display_restriction.hide' : 'display_restriction.show',
          entity: 'display_restriction',
          entityId: email,
        });
      });
      deps.onChange?.();
      return stateOf(email);
    },

    /**
     * The signed-in user chooses how public tables name them; 'full' is the default, kept as no row. A laureate is
     * found by the address their homologations were recorded with: only its proven owner chooses.
     */
    async setNameDisplay(
      caller: Caller,
      display: NameDisplay,
      now = new Date(),
    ): Promise<PublicDisplayState> {
      const user = withVerifiedEmail(caller);
      const email = user.email.trim().toLowerCase();
      await db.transaction(async (tx) => {
        if (display === 'full') await tx.delete(publicNameChoices).where(eq(publicNameChoices.email, email));
        else
          await tx
            .insert(publicNameChoices)
            .values({ email, display, updatedAt: now })
            .onConflictDoUpdate({ target: publicNameChoices.email, set: { display, updatedAt: now } });
        await recordAudit(tx, {
          actorId: user.id,
          action: 'public_name.choose',
          entity: 'display_restriction',
          entityId: email,
          after: { display },
        });
      });
      deps.onChange?.();
      return stateOf(email);
    },
  };
}

/** Whether the address's results are hidden, and how the public tables name it. */
async function addressState(db: Database, email: string): Promise<PublicDisplayState> {
  const [row] = await db
    .select({ email: displayRestrictions.email })
    .from(displayRestrictions)
    .where(
      and(
        sql`lower(${displayRestrictions.email}) = ${email.toLowerCase()}`,
        isNotNull(displayRestrictions.confirmedAt),
      ),
    )
    .limit(1);
  const [choice] = await db
    .select({ display: publicNameChoices.display })
    .from(publicNameChoices)
    .where(eq(publicNameChoices.email, email.toLowerCase()));
  return { hidden: Boolean(row), name: choice?.display ?? 'full' };
}
