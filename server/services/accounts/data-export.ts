/**
 * A copy of everything the site holds about a person (GDPR articles 15 and 20): a ZIP with one JSON file per
 * kind of the registry (server/personal-data/registry.ts), the files of their rides, and a README in their
 * language saying what each file is. Decision 0043.
 */
import { eq } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import { type Locale, localeOr } from '../../../domain/locales.ts';
import { formatDateTime } from '../../../domain/format.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { translator } from '../../i18n.ts';
import type { DataSubject, PersonalDataKind } from '../../personal-data/kind.ts';
import { type Caller, permittedRecently, signedIn } from '../guards.ts';
import type { LimitRule, RateLimits } from '../platform/rate-limits.ts';

/** Building a copy reads every table: a person may ask a few times an hour, not without end. */
export const DATA_EXPORT_LIMIT = {
  keyPrefix: 'data-export-account',
  points: 5,
  durationSeconds: 60 * 60,
} satisfies LimitRule;

export interface DataCopy {
  filename: string;
  bytes: Uint8Array;
}

export function createDataExportService(deps: {
  db: Database;
  kinds: readonly PersonalDataKind[];
  rateLimits: RateLimits;
  /** The club's contact address in force (club settings). */
  contactEmail: () => Promise<string>;
}) {
  const { db, kinds, rateLimits } = deps;

  function readme(
    locale: Locale,
    subject: DataSubject,
    written: PersonalDataKind[],
    now: Date,
    contactEmail: string,
  ): string {
    const t = translator(locale, 'privacy');
    const lines = [
      t('data.readme.title'),
      '',
      t('data.readme.intro', { date: formatDateTime(locale, now) }),
      ...(subject.userId !== null && subject.address === null ? ['', t('data.readme.unverified')] : []),
      '',
      t('data.readme.files'),
      ...written.map(
        (kind) => `- ${kind.id}.json: ${t(`data.kinds.${kind.id}.name`)}. ${t(`data.kinds.${kind.id}.copy`)}`,
      ),
      '',
      t('data.readme.format'),
      t('data.readme.contact', { email: contactEmail }),
    ];
    return `${lines.join('\n')}\n`;
  }

  async function build(subject: DataSubject, locale: Locale, now = new Date()): Promise<DataCopy> {
    const files: Record<string, Uint8Array> = {};
    const written: PersonalDataKind[] = [];
    for (const kind of kinds) {
      // A kind found by address is never copied for an address nobody proved is theirs.
      const reachable = kind.owner.some((owner) =>
        owner === 'account' ? subject.userId !== null : subject.address !== null,
      );
      if (!kind.copy || !reachable) continue;
      const copy = await kind.copy(db, subject);
      files[`${kind.id}.json`] = strToU8(
        `${JSON.stringify({ kind: kind.id, records: copy.records }, null, 2)}\n`,
      );
      for (const file of copy.files ?? []) files[`${kind.id}/${file.name}`] = file.bytes;
      written.push(kind);
    }
    const zip = zipSync({
      'README.txt': strToU8(readme(locale, subject, written, now, await deps.contactEmail())),
      ...files,
    });
    return { filename: `cingles-ventoux-data-${now.toISOString().slice(0, 10)}.zip`, bytes: zip };
  }

  return {
    /** The signed-in person's copy; their address counts once verified. */
    async forAccount(caller: Caller, now = new Date()): Promise<DataCopy> {
      const userId = signedIn(caller).id;
      await rateLimits.consume(DATA_EXPORT_LIMIT, String(userId));
      const [user] = await db
        .select({ email: users.email, verifiedAt: users.emailVerifiedAt, locale: users.locale })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw notFound('No such user');
      return build({ userId, address: user.verifiedAt ? user.email : null }, localeOr(user.locale), now);
    },

    /**
     * The copy for a request received by post (`data:export`): a volunteer checked who wrote, so the address
     * counts as proven; the account's part is there when the address has one.
     */
    async forAddress(caller: Caller, email: string, locale?: Locale, now = new Date()): Promise<DataCopy> {
      // Another person's data: a recent second factor (issue 42).
      permittedRecently(caller, 'personal_data.export');
      const [user] = await db
        .select({ id: users.id, locale: users.locale })
        .from(users)
        .where(eq(users.email, email.toLowerCase()));
      return build({ userId: user?.id ?? null, address: email }, locale ?? localeOr(user?.locale), now);
    },
  };
}
