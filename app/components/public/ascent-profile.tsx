/**
 * A road's ascent profile as an inline SVG drawn on the server: altitude against distance, each kilometre
 * filled with the colour of its gradient band, numbered landmarks, and for the forest road the stretch that is
 * not known. No script: the chart is an image to assistive technology (role="img" with a summary), and the
 * figures are also given as a table in a disclosure. See docs/decisions/0004-ascent-profile-svg.md.
 */
import { Box, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GRADIENT_BANDS, type GradientBand, type Road, SUMMIT_ALTITUDE_M } from '../../../domain/ventoux.ts';
import { useFormat } from '../../lib/format.ts';
import {
  COMPACT_BOX,
  type ProfileGeometry,
  type ProfileLandmark,
  type ProfileSegment,
  profileGeometry,
} from './profile-geometry.ts';
import { ScrollRegion } from './scroll-region.tsx';
import classes from './ascent-profile.module.css';
import tables from './plain-table.module.css';

/** Green to dark red: the usual reading of climb profiles; each is distinct from its neighbours. */
export const BAND_COLOURS: Record<GradientBand, string> = {
  easy: '#37b24d',
  moderate: '#fcc419',
  hard: '#fd7e14',
  steep: '#e03131',
  extreme: '#7b1113',
};

const AXIS_TEXT = '#495057';
const GRID = '#dee2e6';

/** The altitude grid and the kilometres, with the names of both axes. */
function ProfileAxes({ geometry }: { geometry: ProfileGeometry }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { box, plot } = geometry;
  return (
    <g fontSize="12" fill={AXIS_TEXT}>
      {geometry.yTicks.map((tick) => (
        <g key={tick.altitudeM}>
          <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} stroke={GRID} />
          <text x={plot.left - 6} y={tick.y + 4} textAnchor="end">
            {format.number(tick.altitudeM)}
          </text>
        </g>
      ))}
      {geometry.xTicks.map((tick) => (
        <text key={tick.km} x={tick.x} y={plot.bottom + 16} textAnchor="middle">
          {format.number(tick.km)}
        </text>
      ))}
      <text x={(plot.left + plot.right) / 2} y={box.height - 6} textAnchor="middle">
        {t('roads:profile.xAxis')}
      </text>
      <text x={-(plot.top + plot.bottom) / 2} y={14} transform="rotate(-90)" textAnchor="middle">
        {t('roads:profile.yAxis')}
      </text>
    </g>
  );
}

/** Each kilometre of the climb, filled with the colour of its gradient band. */
function GradientSegments({ segments }: { segments: ProfileSegment[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      {segments.map((segment) => (
        <polygon key={segment.fromKm} points={segment.points} fill={BAND_COLOURS[segment.band]}>
          <title>
            {t('roads:profile.segment', {
              from: format.number(segment.fromKm),
              to: format.number(segment.toKm, { maximumFractionDigits: 2 }),
              gradient: format.number(segment.gradientPct),
            })}
          </title>
        </polygon>
      ))}
    </>
  );
}

/** The hatched stretch of the forest road whose altitudes are not known. */
function UnknownStretch({ geometry, roadId }: { geometry: ProfileGeometry; roadId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { plot } = geometry;
  if (!geometry.unknown) return null;
  return (
    <g>
      <rect
        x={geometry.unknown.x}
        y={plot.top}
        width={geometry.unknown.width}
        height={plot.bottom - plot.top}
        fill={`url(#unknown-${roadId})`}
        opacity="0.6"
      />
      <text
        x={geometry.unknown.x + geometry.unknown.width / 2}
        y={plot.bottom - 16}
        textAnchor="middle"
        fontSize="13"
        fontWeight="700"
        fill="#343a40"
      >
        {t('roads:profile.unknownBeyond', { km: format.number(geometry.unknown.fromKm) })}
      </text>
    </g>
  );
}

/** The numbered landmarks on the chart; dashed when they stand off the drawn profile. */
function LandmarkMarkers({ landmarks }: { landmarks: ProfileLandmark[] }) {
  return (
    <>
      {landmarks.map((landmark) => (
        <g key={landmark.id}>
          <circle
            cx={landmark.x}
            cy={landmark.y}
            r="8"
            fill="#fff"
            stroke="#212529"
            strokeWidth="1.5"
            strokeDasharray={landmark.onProfile ? undefined : '3 2'}
          />
          <text
            x={landmark.x}
            y={landmark.y + 3.5}
            textAnchor="middle"
            fontSize="10"
            fontWeight="700"
            fill="#212529"
          >
            {landmark.number}
          </text>
        </g>
      ))}
    </>
  );
}

/** The legend of the gradient colours, and the landmarks by number. */
function ProfileKeys({ landmarks, roadId }: { landmarks: ProfileLandmark[]; roadId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const landmarkName = (id: string) => t(`roads:landmarks.${id}`);
  return (
    <div className={classes.keys}>
      <div>
        <Text size="sm" fw={700} id={`bands-${roadId}`}>
          {t('roads:profile.legendTitle')}
        </Text>
        <ul className={classes.legend} aria-labelledby={`bands-${roadId}`}>
          {GRADIENT_BANDS.map(({ band }) => (
            <li key={band}>
              <span className={classes.swatch} style={{ background: BAND_COLOURS[band] }} aria-hidden />
              {t(`roads:profile.bands.${band}.label`)} ({t(`roads:profile.bands.${band}.range`)})
            </li>
          ))}
        </ul>
      </div>
      <List type="ordered" size="sm" spacing={2} className={classes.landmarks}>
        {landmarks.map((landmark) => (
          <List.Item key={landmark.id}>
            {t('roads:profile.landmark', {
              name: landmarkName(landmark.id),
              km: format.number(landmark.km),
              altitude: format.number(landmark.altitudeM),
            })}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** The figures of the chart, kilometre by kilometre, in a disclosure. */
function ProfileTable({ segments, town }: { segments: ProfileSegment[]; town: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <details className={classes.details}>
      <summary>{t('roads:profile.table.show')}</summary>
      <ScrollRegion label={t('roads:profile.table.caption', { town })}>
        <table className={tables.table} style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          <caption>{t('roads:profile.table.caption', { town })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('roads:profile.table.km')}</th>
              <th scope="col">{t('roads:profile.table.altitude')}</th>
              <th scope="col">{t('roads:profile.table.gradient')}</th>
            </tr>
          </thead>
          <tbody>
            {segments.map((segment) => (
              <tr key={segment.fromKm}>
                <th scope="row" className={tables.rowHeading}>
                  {format.number(segment.fromKm)}–{format.number(segment.toKm, { maximumFractionDigits: 2 })}
                </th>
                <td>
                  {t('roads:units.m', { value: format.number(segment.fromAltitudeM) })} →{' '}
                  {t('roads:units.m', { value: format.number(segment.toAltitudeM) })}
                </td>
                <td>
                  <span
                    className={classes.swatch}
                    style={{ background: BAND_COLOURS[segment.band] }}
                    aria-hidden
                  />
                  {t('roads:units.pct', { value: format.number(segment.gradientPct) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </details>
  );
}

export function AscentProfile({
  road,
  altitudeDomain,
  compact = false,
}: {
  road: Road;
  /** One scale for every road of the page, so the charts compare at a glance. */
  altitudeDomain: [number, number];
  /** A smaller drawing scaled to the width of its box, never scrolled (the ride check). */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const geometry = profileGeometry(road, altitudeDomain, compact ? COMPACT_BOX : undefined);
  const { box, plot } = geometry;
  const first = road.profile[0]!;
  const last = road.profile.at(-1)!;
  const town = road.startTown;
  const title = t('roads:profile.title', { town });
  const summary = [
    t('roads:profile.summary', {
      km: format.number(last.km, { maximumFractionDigits: 1 }),
      from: format.number(first.altitudeM),
      to: format.number(last.altitudeM),
    }),
    geometry.unknown && t('roads:profile.unknownBeyond', { km: format.number(geometry.unknown.fromKm) }),
  ]
    .filter(Boolean)
    .join('. ');

  return (
    <Box component="figure" m={0} className={classes.figure}>
      <Text component="figcaption" fw={700} mb="xs">
        {title}
      </Text>
      <ScrollRegion label={title}>
        <svg
          className={compact ? classes.compactChart : classes.chart}
          viewBox={`0 0 ${box.width} ${box.height}`}
          width={box.width}
          height={box.height}
          role="img"
          aria-label={summary}
          data-km-count={geometry.segments.length}
          data-testid={`profile-${road.id}`}
        >
          <defs>
            <pattern id={`unknown-${road.id}`} width="8" height="8" patternUnits="userSpaceOnUse">
              <path d="M0 8 L8 0" stroke="#adb5bd" strokeWidth="1" />
            </pattern>
          </defs>
          <ProfileAxes geometry={geometry} />

          <GradientSegments segments={geometry.segments} />
          <polyline points={geometry.outline} fill="none" stroke="#212529" strokeWidth="2" />

          <UnknownStretch geometry={geometry} roadId={road.id} />

          <line
            x1={plot.left}
            x2={plot.right}
            y1={geometry.summitY}
            y2={geometry.summitY}
            stroke="#343a40"
            strokeDasharray="4 4"
          />
          <text x={plot.left + 6} y={geometry.summitY - 5} fontSize="12" fontWeight="700" fill="#343a40">
            {t('roads:summit', { altitude: format.number(SUMMIT_ALTITUDE_M) })}
          </text>

          <LandmarkMarkers landmarks={geometry.landmarks} />
        </svg>
      </ScrollRegion>

      <ProfileKeys landmarks={geometry.landmarks} roadId={road.id} />

      {!road.profileComplete && (
        <Text size="sm" mt="xs" fs="italic">
          {t('roads:profile.incompleteNote', { km: format.number(last.km) })}
        </Text>
      )}

      <ProfileTable segments={geometry.segments} town={town} />
    </Box>
  );
}
