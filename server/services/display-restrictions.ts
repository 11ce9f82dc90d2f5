/**
 * Public display restriction: a person hides every homologation tied to an email from the public tables
 * (ranking, palmarès, home teaser, statistics), or chooses how those tables name them (`public_name_choices`). A visitor proves they own the address by following a link sent
 * to it; a signed-in user switches it on or off for their account's address directly, the session being proof.
 *
 * The request answers the same whether or not the address belongs to a laureate: the mail goes to the address
 * itself, so nobody learns anything about someone else's results.
 */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Locale } from '../../domain/locales.ts';
import type { NameDisplay } from '../../domain/public-name.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { displayRestrictions, homologations, laureates, publicNameChoices } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { restrictionVerificationEmail } from '../mail/templates.ts';
import { recordAudit } from './audit.ts';
import { type Caller, withVerifiedEmail } from './guards.ts';
import type { MailService } from './mail.ts';
import { type RateLimits, SIGN_IN_LIMITS } from './rate-limits.ts';
import { hashToken, newToken } from './tokens.ts';

/** A verification link older than this is refused; asking again sends a new one. */
export const RESTRICTION_TOKEN_DAYS = 7;

/**
 * The laureates whose email has a confirmed restriction (emails compare case-insensitively, the rule of
 * laureate-teaser.ts). A handful of rows, found through the lower(email) indexes of both tables, which
 * PostgreSQL computes once per query and probes as a hash.
 */
const hiddenLaureateIds = sql`select hidden.id from ${laureates} hidden join ${displayRestrictions} on lower(hidden.email) = lower(${displayRestrictions.email}) where ${displayRestrictions.confirmedAt} is not null`;

/** True for a homologation the public may see. */
export const isShownHomologation = sql`${homologations.laureateId} not in (${hiddenLaureateIds})`;

/** True for a laureate the public may see. */
export const isShownLaureate = sql`${laureates.id} not in (${hiddenLaureateIds})`;

/**
 * How public tables name a laureate (domain/public-name.ts): the choice made for their address, the name in full
 * without one. A handful of rows, looked up by primary key for each row a page shows. The laureate's column is
 * named with its table: in a query on `laureates` alone drizzle writes columns bare, and a bare "email" inside the
 * subquery would be the choice's own.
 */
export const nameDisplayOf = sql<NameDisplay>`coalesce((select ${publicNameChoices.display} from ${publicNameChoices} where ${publicNameChoices.email} = lower(${laureates}.${sql.identifier('email')})), 'full')`;

/**
 * True for a laureate named in full. A search by name finds only them: a rider who shortened their name must
 * not be found by the part they chose not to show.
 */
export const isNamedInFull = sql`(${laureates.email} is null or lower(${laureates.email}) not in (select ${publicNameChoices.email} from ${publicNameChoices}))`;

export interface PublicDisplayState {
  /** The account's results are hidden from the public tables. */
  hidden: boolean;
  /** How public tables name the account's laureate. */
  name: NameDisplay;
}

export function createDisplayRestrictionsService(deps: {
  db: Database;
  config: Config;
  mail: MailService;
  rateLimits: RateLimits;
  /** Called after a change of what the public sees, so cached statistics are recomputed. */
  onChange?: () => void;
}) {
  const { db, config, mail, rateLimits } = deps;
  const changed = () => deps.onChange?.();

  async function stateOf(email: string): Promise<PublicDisplayState> {
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
      changed();
    },

    /** The signed-in user's own switch, for their account's email. */
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
      changed();
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
      changed();
      return stateOf(email);
    },
  };
}
