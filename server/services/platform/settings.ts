/**
 * The club's settings (issue 47, decision 0053): the one home of the kit's price, the refund fee, the pick-up points,
 * the notice, whether registrations are open, the heat warning's period, the postal address and contact email.
 * Each change is a new version (who, when, before, after) made against the version its author read (If-Match), and
 * audited. Until the first change, version 1 is the environment's values, so a site that never uses it is unchanged.
 *
 * What the site reads is kept in memory and dropped on the change bus's `settings` topic, so every instance sees a
 * change as soon as the bus carries it.
 */
import { desc, eq, lt } from 'drizzle-orm';
import type { PresentedSettings, SettingsVersion } from '../../../contracts/settings.ts';
import { today } from '../../../domain/dates.ts';
import {
  type ClubSettings,
  type SettingsPatch,
  applySettingsPatch,
  changedBefore,
  nextPrice,
  priceOn,
} from '../../../domain/settings.ts';
import { CLUB_FACTS } from '../../../domain/ventoux.ts';
import { LOCALES } from '../../../domain/locales.ts';
import type { ChangeBus } from '../../change-bus.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { settingsVersions } from '../../db/schema/index.ts';
import { AppError, notFound, validationError } from '../../errors.ts';
import { type Caller, permitted } from '../guards.ts';
import { recordAudit } from './audit.ts';

/** The change bus's topic: a version was made, every instance rereads. */
export const SETTINGS_TOPIC = 'settings';
/** The versions shown at once, newest first (the history's page, `GET …/versions`' default). */
export const VERSIONS_PAGE = 20;

type Row = typeof settingsVersions.$inferSelect;
type SettingsConfig = Pick<
  Config,
  'priceCents' | 'refundFeeCents' | 'pickupPoints' | 'clubPostalAddress' | 'contactEmail' | 'payments'
>;

/** Version 1: what the environment says (PRICE_CENTS, REFUND_FEE_CENTS, PICKUP_POINTS, ...), and the code's defaults. */
export function seedSettings(config: SettingsConfig): ClubSettings {
  return {
    prices: [{ from: null, cents: config.priceCents }],
    refund_fee_cents: config.refundFeeCents,
    pickup_points: config.pickupPoints.map((point) => ({ ...point })),
    notice: null,
    registrations_open: true,
    closed_message: Object.fromEntries(
      LOCALES.map((locale) => [locale, '']),
    ) as ClubSettings['closed_message'],
    heat_warning: { ...CLUB_FACTS.heatWarning },
    club_postal_address: config.clubPostalAddress ? [...config.clubPostalAddress] : null,
    contact_email: config.contactEmail,
  };
}

const versionChanged = (version: number) =>
  new AppError(412, 'settings_changed', 'The settings changed meanwhile: read them again', {
    headers: { etag: `"${version}"` },
  });

const seedRow = (values: ClubSettings): Row => ({
  version: 1,
  values,
  before: null,
  changedBy: null,
  restoredFrom: null,
  createdAt: null as unknown as Date,
});

async function latest(db: Database, seed: ClubSettings): Promise<Row> {
  const [row] = await db.select().from(settingsVersions).orderBy(desc(settingsVersions.version)).limit(1);
  return row ?? seedRow(seed);
}

function presented(row: Row, now: Date): PresentedSettings {
  const day = today(now);
  return {
    ...row.values,
    version: row.version,
    changed_at: row.createdAt?.toISOString() ?? null,
    changed_by: row.changedBy,
    price_cents: priceOn(row.values.prices, day),
    next_price: nextPrice(row.values.prices, day),
  };
}

const versionOf = (row: Row): SettingsVersion => ({
  version: row.version,
  changed_at: row.createdAt?.toISOString() ?? null,
  changed_by: row.changedBy,
  restored_from: row.restoredFrom,
  before: row.before ?? {},
  values: row.values,
});

interface NewVersion {
  values: ClubSettings;
  expected: number | undefined;
  restoredFrom?: number;
}

/** Writes the next version if the latest is still `expected`, with its audit entry, in one transaction. */
async function writeVersion(db: Database, seed: ClubSettings, actorId: number | null, change: NewVersion) {
  try {
    return await db.transaction(async (tx) => {
      const current = await latest(tx, seed);
      if (change.expected !== undefined && current.version !== change.expected)
        throw versionChanged(current.version);
      // Version 1 is written with the first change, so that the history starts with the environment's values.
      if (current.createdAt === null) await tx.insert(settingsVersions).values({ version: 1, values: seed });
      const before = changedBefore(current.values, change.values);
      const after = Object.fromEntries(
        Object.keys(before).map((key) => [key, change.values[key as keyof ClubSettings]]),
      );
      const [row] = await tx
        .insert(settingsVersions)
        .values({
          version: current.version + 1,
          values: change.values,
          before,
          changedBy: actorId,
          restoredFrom: change.restoredFrom ?? null,
        })
        .returning();
      await recordAudit(tx, {
        actorId,
        action: change.restoredFrom ? 'settings.restored' : 'settings.changed',
        entity: 'settings',
        entityId: row!.version,
        before,
        after: change.restoredFrom ? { ...after, restored_from: change.restoredFrom } : after,
      });
      return row!;
    });
  } catch (error) {
    // Another instance wrote the same version first.
    if (isUniqueViolation(error)) throw versionChanged((await latest(db, seed)).version);
    throw error;
  }
}

/** An earlier version given back keeps, retired, the pick-up points made since: an id is never reused. */
function keepingPickupPoints(restored: ClubSettings, current: ClubSettings): ClubSettings {
  const made = current.pickup_points.filter(
    (point) => !restored.pickup_points.some((old) => old.id === point.id),
  );
  return {
    ...restored,
    pickup_points: [...restored.pickup_points, ...made.map((point) => ({ ...point, retired: true }))],
  };
}

export function createSettingsService(deps: {
  db: Database;
  config: SettingsConfig;
  changeBus: ChangeBus;
  /** What the public sees changed: the page cache drops its pages. */
  onPublicChange: () => void;
}) {
  const { db, changeBus } = deps;
  const seed = seedSettings(deps.config);
  let cached: Promise<Row> | null = null;
  changeBus.subscribe(SETTINGS_TOPIC, () => {
    cached = null;
  });
  const read = (): Promise<ClubSettings> => {
    cached ??= latest(db, seed).catch((error: unknown) => {
      cached = null;
      throw error;
    });
    return cached.then((row) => row.values);
  };
  const changed = (row: Row, now: Date) => {
    changeBus.publish(SETTINGS_TOPIC);
    deps.onPublicChange();
    return presented(row, now);
  };

  return {
    /** The values in force, for the site's own reading (prices, points, fee, address): no caller needed. */
    values: read,

    /** The price of one kit in force on the club's calendar day of `now`. */
    async priceCentsOn(now: Date = new Date()): Promise<number> {
      return priceOn((await read()).prices, today(now));
    },

    async get(caller: Caller, now: Date = new Date()): Promise<PresentedSettings> {
      permitted(caller, 'settings.manage');
      return presented(await latest(db, seed), now);
    },

    /** A new version with `patch`, if the latest is still `expected` (412 otherwise). */
    async change(caller: Caller, patch: SettingsPatch, expected: number, now: Date = new Date()) {
      const actorId = permitted(caller, 'settings.manage')?.id ?? null;
      const current = await latest(db, seed);
      if (current.version !== expected) throw versionChanged(current.version);
      const { values, removed } = applySettingsPatch(current.values, patch, today(now));
      if (removed.length > 0)
        throw validationError({ pickup_points: 'validation:settings_pickup_point_kept' });
      // A site that takes real money says where riders post their card (decision 0045).
      if (values.club_postal_address === null && !deps.config.payments.testMode)
        throw validationError({ club_postal_address: 'validation:settings_postal_address' });
      return changed(await writeVersion(db, seed, actorId, { values, expected }), now);
    },

    /**
     * A page of versions, newest first: `limit` of them older than `before` (from the latest when absent).
     * Versions are numbered 1, 2, 3… with no gap, so a page whose last is above 1 has older ones.
     */
    async versions(
      caller: Caller,
      page: { before?: number; limit?: number } = {},
    ): Promise<SettingsVersion[]> {
      permitted(caller, 'settings.manage');
      const rows = await db
        .select()
        .from(settingsVersions)
        .where(page.before === undefined ? undefined : lt(settingsVersions.version, page.before))
        .orderBy(desc(settingsVersions.version))
        .limit(page.limit ?? VERSIONS_PAGE);
      const unsaved = rows.length === 0 && (page.before === undefined || page.before > 1);
      return (unsaved ? [seedRow(seed)] : rows).map(versionOf);
    },

    /** A new version with the values of version `version`; `expected` (If-Match) is optional here. */
    async restore(caller: Caller, version: number, expected?: number, now: Date = new Date()) {
      const actorId = permitted(caller, 'settings.manage')?.id ?? null;
      const [row] = await db.select().from(settingsVersions).where(eq(settingsVersions.version, version));
      const restored = row?.values ?? (version === 1 ? seed : undefined);
      if (!restored) throw notFound('No such version');
      const values = keepingPickupPoints(restored, (await latest(db, seed)).values);
      return changed(await writeVersion(db, seed, actorId, { values, expected, restoredFrom: version }), now);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
