/**
 * Hiding an address's results by the link mailed to it: anyone may ask, only the reader of the address confirms.
 * The request answers the same whether or not the address belongs to a laureate.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Locale } from '../../../domain/locales.ts';
import { displayRestrictions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { restrictionVerificationEmail } from '../../mail/templates.ts';
import { recordAudit } from '../platform/audit.ts';
import type { DisplayRestrictionsDeps } from './display-restrictions.ts';
import { SIGN_IN_LIMITS } from '../platform/rate-limits.ts';
import { hashToken, newToken } from '../accounts/tokens.ts';

/** A verification link older than this is refused; asking again sends a new one. */
export const RESTRICTION_TOKEN_DAYS = 7;

export function linkOperations(deps: DisplayRestrictionsDeps) {
  const { db, config, mail, rateLimits } = deps;
  return {
    /**
     * Records the request with a new link and mails it in the page's language. Asking again replaces the
     * link; an address already hidden stays hidden.
     */
    async request(input: { email: string; lang: Locale }, ip: string, now = new Date()): Promise<void> {
      await rateLimits.consume(SIGN_IN_LIMITS.restrictionPerIp, ip);
      const email = input.email.trim().toLowerCase();
      const token = newToken();
      const url = new URL(`${config.publicUrl}/${input.lang}/public-display-restriction`);
      url.searchParams.set('token', token);
      await db.transaction(async (tx) => {
        await tx
          .insert(displayRestrictions)
          .values({ email, tokenHash: hashToken(token), locale: input.lang, requestedAt: now })
          .onConflictDoUpdate({
            target: displayRestrictions.email,
            set: { tokenHash: hashToken(token), locale: input.lang, requestedAt: now },
          });
        await mail.queue(
          {
            to: email,
            ...restrictionVerificationEmail(input.lang, config.publicUrl, { url: url.toString() }),
          },
          tx,
        );
      });
      mail.kick();
    },

    /** Follows the emailed link: from now on the address's homologations are hidden. Repeating it is harmless. */
    async confirm(token: string, now = new Date()): Promise<void> {
      const oldest = new Date(now.getTime() - RESTRICTION_TOKEN_DAYS * 86_400_000);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(displayRestrictions)
          .set({
            confirmedAt: sql`coalesce(${displayRestrictions.confirmedAt}, ${now.toISOString()}::timestamptz)`,
          })
          .where(
            and(
              eq(displayRestrictions.tokenHash, hashToken(token)),
              gt(displayRestrictions.requestedAt, oldest),
            ),
          )
          .returning({ email: displayRestrictions.email, confirmedAt: displayRestrictions.confirmedAt });
        if (!row) throw new AppError(400, 'invalid_or_expired_token', 'This link is invalid or has expired');
        await recordAudit(tx, {
          actorId: null,
          action: 'display_restriction.confirm',
          entity: 'display_restriction',
          entityId: row.email,
          after: { confirmedAt: row.confirmedAt?.toISOString() ?? null },
        });
      });
      deps.onChange?.();
    },
  };
}
