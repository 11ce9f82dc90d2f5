/**
 * Facts about Mont Ventoux, its roads, the club's challenges and the club itself.
 *
 * Copied from the project's reference data (figures with their sources); the site never reads that folder at run
 * time. Display names (roads, landmarks, challenges) are not here: they are i18n keys, e.g. `roads:landmarks.<id>`.
 * Pure data and pure functions only.
 */

/** The headline altitude of the summit, used everywhere a single figure is shown. */
export const SUMMIT_ALTITUDE_M = 1910;

/** Where the road itself tops out, just below the summit marker; the km-by-km profiles end there. */
export const ROAD_TOP_ALTITUDE_M = 1897;

export type RoadId = 'bedoin' | 'malaucene' | 'sault' | 'forest';

export const ROAD_IDS: readonly RoadId[] = ['bedoin', 'malaucene', 'sault', 'forest'];

/** One point of an ascent profile: altitude at a distance from the start of the climb. */
export interface ProfilePoint {
  readonly km: number;
  readonly altitudeM: number;
}

/**
 * A named point along a road. The name is the i18n key `roads:landmarks.<id>`; the same id (e.g. `summit`,
 * `chalet-reynard`) can appear on several roads at a different km. Coordinates are approximate and `confidence`
 * says how well the position is known; `lat`/`lon` are null where no position was found.
 */
export interface Landmark {
  readonly id: string;
  readonly km: number;
  readonly altitudeM: number;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly confidence: 'high' | 'medium' | 'low';
}

export interface Road {
  readonly id: RoadId;
  /** The town the ascent starts from (a proper name, not translated). */
  readonly startTown: 'Bédoin' | 'Malaucène' | 'Sault';
  readonly startAltitudeM: number;
  /** The headline summit altitude, the same for every road. */
  readonly arrivalAltitudeM: number;
  readonly lengthKm: number;
  readonly gainM: number;
  readonly avgGradientPct: number;
  readonly maxGradientPct: number;
  /** Km-by-km altitudes derived from GPS tracks; the last point may be at a fractional km (the road top). */
  readonly profile: readonly ProfilePoint[];
  /** False when the profile stops before the top (the forest road: only km 0-9 are known). */
  readonly profileComplete: boolean;
  /** Sorted by km. A landmark may lie beyond the last profile point when the profile is incomplete. */
  readonly landmarks: readonly Landmark[];
}

/**
 * A profile measured every kilometre from the start (`altitudes[km]`), then at the road top, a fractional km.
 */
function kmByKm(altitudes: readonly number[], top: ProfilePoint): readonly ProfilePoint[] {
  return [...altitudes.map((altitudeM, km) => ({ km, altitudeM })), top];
}

/**
 * A road up to the summit: every road arrives at the headline altitude, and its landmarks end with the summit
 * marker at `summit.km`, the same place whichever road reaches it (`summit.confidence`: how well that km is known).
 */
function roadToSummit({
  id,
  startTown,
  startAltitudeM,
  profileComplete = true,
  landmarks,
  summit,
  ...figures
}: Omit<Road, 'arrivalAltitudeM' | 'profileComplete'> & {
  profileComplete?: boolean;
  summit: Pick<Landmark, 'km'> & Partial<Pick<Landmark, 'confidence'>>;
}): Road {
  const { km, confidence = 'high' } = summit;
  const marker: Landmark = {
    id: 'summit',
    km,
    altitudeM: ROAD_TOP_ALTITUDE_M,
    lat: 44.174,
    lon: 5.2786,
    confidence,
  };
  return {
    id,
    startTown,
    startAltitudeM,
    arrivalAltitudeM: SUMMIT_ALTITUDE_M,
    ...figures,
    profileComplete,
    landmarks: [...landmarks, marker],
  };
}

const BEDOIN_PROFILE = kmByKm(
  [
    313, 335, 366, 410, 466, 521, 567, 662, 755, 860, 949, 1043, 1142, 1229, 1330, 1402, 1469, 1528, 1597,
    1672, 1751, 1853,
  ],
  { km: 21.28, altitudeM: 1876 },
);

const BEDOIN_START: Landmark = {
  id: 'bedoin-start',
  km: 0,
  altitudeM: 313,
  lat: 44.1253,
  lon: 5.1805,
  confidence: 'high',
};
const SAINT_ESTEVE: Landmark = {
  id: 'saint-esteve',
  km: 5.7,
  altitudeM: 540,
  lat: 44.1135,
  lon: 5.2397,
  confidence: 'high',
};
const FOREST_TURN_OFF: Landmark = {
  id: 'forest-turn-off',
  km: 9,
  altitudeM: 860,
  lat: 44.1262,
  lon: 5.2702,
  confidence: 'low',
};

/** A place that two roads pass, each at its own distance from its start: its altitude and position known once. */
type Place = Omit<Landmark, 'km'>;
const at = ({ id, ...place }: Place, km: number): Landmark => ({ id, km, ...place });
const CHALET_REYNARD: Place = {
  id: 'chalet-reynard',
  altitudeM: 1417,
  lat: 44.152,
  lon: 5.319,
  confidence: 'high',
};
const TOM_SIMPSON: Place = {
  id: 'tom-simpson',
  altitudeM: 1760,
  lat: 44.1702,
  lon: 5.2855,
  confidence: 'low',
};
/** Where the forest road meets the Malaucène road again. */
const FOREST_REJOIN: Place = {
  id: 'forest-rejoin',
  altitudeM: 1544,
  lat: 44.1772,
  lon: 5.2487,
  confidence: 'low',
};

export const ROADS: readonly Road[] = [
  roadToSummit({
    id: 'bedoin',
    startTown: 'Bédoin',
    startAltitudeM: 290,
    lengthKm: 21.5,
    gainM: 1620,
    avgGradientPct: 7.5,
    maxGradientPct: 12.5,
    profile: BEDOIN_PROFILE,
    landmarks: [
      BEDOIN_START,
      SAINT_ESTEVE,
      FOREST_TURN_OFF,
      at(CHALET_REYNARD, 15.1),
      at(TOM_SIMPSON, 20.1),
      { id: 'col-des-tempetes', km: 20.6, altitudeM: 1815, lat: 44.1742, lon: 5.2835, confidence: 'low' },
    ],
    summit: { km: 21.3 },
  }),
  roadToSummit({
    id: 'malaucene',
    startTown: 'Malaucène',
    startAltitudeM: 332,
    lengthKm: 21.2,
    gainM: 1580,
    avgGradientPct: 7.5,
    maxGradientPct: 14,
    profile: kmByKm(
      [
        332, 391, 440, 529, 616, 698, 749, 817, 876, 929, 1004, 1120, 1213, 1327, 1399, 1440, 1544, 1600,
        1683, 1773, 1849,
      ],
      { km: 20.45, altitudeM: 1889 },
    ),
    landmarks: [
      { id: 'malaucene-start', km: 0, altitudeM: 332, lat: 44.1732, lon: 5.1337, confidence: 'high' },
      { id: 'groseau', km: 1.5, altitudeM: 406, lat: 44.1666, lon: 5.1485, confidence: 'medium' },
      { id: 'ramayettes', km: 9.5, altitudeM: 965, lat: null, lon: null, confidence: 'low' },
      { id: 'mont-serein', km: 14.5, altitudeM: 1417, lat: 44.18, lon: 5.252, confidence: 'medium' },
      at(FOREST_REJOIN, 16),
    ],
    summit: { km: 20.45 },
  }),
  roadToSummit({
    id: 'sault',
    startTown: 'Sault',
    startAltitudeM: 760,
    lengthKm: 25.8,
    gainM: 1210,
    avgGradientPct: 4.7,
    maxGradientPct: 12.5,
    profile: kmByKm(
      [
        764, 707, 717, 753, 806, 848, 896, 949, 1004, 1059, 1113, 1162, 1223, 1258, 1289, 1318, 1348, 1388,
        1397, 1408, 1427, 1493, 1555, 1626, 1704, 1793,
      ],
      { km: 25.85, altitudeM: 1878 },
    ),
    landmarks: [
      { id: 'sault-start', km: 0, altitudeM: 764, lat: 44.0924, lon: 5.4083, confidence: 'high' },
      { id: 'sault-low-point', km: 1.2, altitudeM: 696, lat: 44.0973, lon: 5.4064, confidence: 'high' },
      { id: 'altitude-1000', km: 7.9, altitudeM: 1000, lat: 44.1339, lon: 5.3746, confidence: 'low' },
      at(CHALET_REYNARD, 19.6),
      at(TOM_SIMPSON, 24.6),
    ],
    summit: { km: 25.85 },
  }),
  roadToSummit({
    id: 'forest',
    startTown: 'Bédoin',
    startAltitudeM: 290,
    // About 23 km: derived from the club's own totals ((183 - 137) / 2); the landmarks below, placed from the
    // turn-off (km 9) plus the 11 km forest section, put the road top nearer km 24.5. Neither is measured.
    lengthKm: 23,
    gainM: 1620,
    avgGradientPct: 7,
    maxGradientPct: 12.5,
    // Only the part shared with the Bédoin road is known; no track of the forest section exists in the sources.
    profile: BEDOIN_PROFILE.slice(0, 10),
    profileComplete: false,
    landmarks: [BEDOIN_START, SAINT_ESTEVE, FOREST_TURN_OFF, at(FOREST_REJOIN, 20)],
    summit: { km: 24.5, confidence: 'medium' },
  }),
];

export function roadById(id: RoadId): Road {
  const road = ROADS.find((candidate) => candidate.id === id);
  if (!road) throw new Error(`unknown road: ${id}`);
  return road;
}

/** The club's three challenges, in the order the pages list them. */
export const CHALLENGE_IDS = ['cingle', 'galerien', 'bicingle'] as const;
export type ChallengeId = (typeof CHALLENGE_IDS)[number];

export interface Challenge {
  readonly id: ChallengeId;
  /** Every ascent to ride within the day, one entry per ascent (the bicingle rides each road twice). */
  readonly ascents: readonly RoadId[];
  readonly distanceKm: number;
  readonly gainM: number;
  /** The year the challenge was introduced: no ride of it can be older (the import refuses one). */
  readonly since: number;
}

export const CHALLENGES: readonly Challenge[] = [
  { id: 'cingle', ascents: ['bedoin', 'malaucene', 'sault'], distanceKm: 137, gainM: 4400, since: 1988 },
  {
    id: 'galerien',
    ascents: ['bedoin', 'malaucene', 'sault', 'forest'],
    distanceKm: 183,
    gainM: 6020,
    since: 1998,
  },
  {
    id: 'bicingle',
    ascents: ['bedoin', 'bedoin', 'malaucene', 'malaucene', 'sault', 'sault'],
    distanceKm: 274,
    gainM: 8800,
    since: 2007,
  },
];

export function challengeById(id: ChallengeId): Challenge {
  const challenge = CHALLENGES.find((candidate) => candidate.id === id);
  if (!challenge) throw new Error(`unknown challenge: ${id}`);
  return challenge;
}

/** Whether a challenge existed on a day ('YYYY-MM-DD'): a ride before its first year is a mistake in a record. */
export function challengeExistedOn(id: ChallengeId, date: string): boolean {
  return Number(date.slice(0, 4)) >= challengeById(id).since;
}

export const CLUB_FACTS = {
  /** The club began with its first challenge; the forest road and the double came later. */
  foundedYear: challengeById('cingle').since,
  forestOptionYear: challengeById('galerien').since,
  doubleOptionYear: challengeById('bicingle').since,
  recommendedGear: '34x28',
  /** Month-day, inclusive, both ends. */
  heatWarning: { from: '06-15', to: '08-15' },
  /** The whole ride fits within one calendar day. */
  rideWindow: { start: '00:00', end: '23:59' },
  minimumAge: 14,
  /** From `minimumAge` up to `adultAge - 1`: parental authorisation and medical certificate. */
  adultAge: 18,
} as const;

/** The club's published totals of brevets awarded, at one date: a fixed figure, not a live count. */
export const BREVET_COUNTS = {
  total: 12799,
  cingle: 11968,
  galerien: 612,
  bicingle: 219,
  asOf: 'published by the club on clubcinglesventoux.org/fr/club.html; the date of the count is not stated',
} as const;

export interface KilometreSegment {
  readonly fromKm: number;
  readonly toKm: number;
  readonly fromAltitudeM: number;
  readonly toAltitudeM: number;
  /** Average gradient over the segment, in percent, rounded to one decimal; negative when the road descends. */
  readonly gradientPct: number;
}

function roundTo1(value: number): number {
  // `+ 0` turns -0 into 0.
  return Math.round(value * 10) / 10 + 0;
}

/** One segment per pair of consecutive profile points (the last one may be shorter than a kilometre). */
export function kilometreSegments(road: Pick<Road, 'profile'>): KilometreSegment[] {
  const segments: KilometreSegment[] = [];
  for (let i = 1; i < road.profile.length; i += 1) {
    const from = road.profile[i - 1];
    const to = road.profile[i];
    if (!from || !to) continue;
    const metres = (to.km - from.km) * 1000;
    segments.push({
      fromKm: from.km,
      toKm: to.km,
      fromAltitudeM: from.altitudeM,
      toAltitudeM: to.altitudeM,
      gradientPct: metres > 0 ? roundTo1(((to.altitudeM - from.altitudeM) / metres) * 100) : 0,
    });
  }
  return segments;
}

export type GradientBand = 'easy' | 'moderate' | 'hard' | 'steep' | 'extreme';

export interface GradientBandRange {
  readonly band: GradientBand;
  readonly min: number | null;
  readonly max: number | null;
}

/** The bands in order, with their bounds in percent (`min` inclusive, `max` exclusive; null = open). */
export const GRADIENT_BANDS: readonly GradientBandRange[] = [
  { band: 'easy', min: null, max: 4 },
  { band: 'moderate', min: 4, max: 7 },
  { band: 'hard', min: 7, max: 9 },
  { band: 'steep', min: 9, max: 11 },
  { band: 'extreme', min: 11, max: null },
];

/** The colour band of a gradient: easy < 4 %, moderate 4-6.9, hard 7-8.9, steep 9-10.9, extreme >= 11. */
export function gradientBand(pct: number): GradientBand {
  if (pct < 4) return 'easy';
  if (pct < 7) return 'moderate';
  if (pct < 9) return 'hard';
  if (pct < 11) return 'steep';
  return 'extreme';
}
