/**
 * Public display restriction: a person hides every homologation tied to an email from the public tables
 * (ranking, palmarès, home teaser, statistics), or chooses how those tables name them (`public_name_choices`). A visitor proves they own the address by following a link sent
 * to it; a signed-in user switches it on or off for their account's address directly, the session being proof.
 *
 * The request answers the same whether or not the address belongs to a laureate: the mail goes to the address
 * itself, so nobody learns anything about someone else's results.
 */
import { sql } from 'drizzle-orm';
import type { NameDisplay } from '../../../domain/public-name.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { displayRestrictions, homologations, laureates, publicNameChoices } from '../../db/schema/index.ts';
import { accountOperations } from './display-restrictions-account.ts';
import { linkOperations } from './display-restrictions-link.ts';
import type { MailService } from '../documents/mail.ts';
import type { RateLimits } from '../platform/rate-limits.ts';

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

export interface DisplayRestrictionsDeps {
  db: Database;
  config: Config;
  mail: MailService;
  rateLimits: RateLimits;
  /** Called after a change of what the public sees, so cached statistics are recomputed. */
  onChange?: () => void;
}

/**
 * One module per way in: the emailed link (display-restrictions-link.ts) and the account's own switches
 * (display-restrictions-account.ts); the fragments above are what the public tables filter with.
 */
export function createDisplayRestrictionsService(deps: DisplayRestrictionsDeps) {
  return { ...linkOperations(deps), ...accountOperations(deps) };
}
