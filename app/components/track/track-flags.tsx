/**
 * The plausibility flags of a ride (decision 0038), in words: where on the ride (road, km, time) and why. A flag
 * asks a person to look; it is never a failure, so it reads as a remark with a flag icon, not as an error.
 */
import { List, ThemeIcon } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackFlag } from '../../../domain/schemas/track.ts';
import { useFormat } from '../../lib/format.ts';
import { useTrackTimes } from './track-times.ts';

export function FlagText({ flag }: { flag: TrackFlag }) {
  const { t } = useTranslation();
  const format = useFormat();
  const times = useTrackTimes();
  const number = (value: number | undefined) => format.number(value ?? 0, { maximumFractionDigits: 1 });
  const text =
    flag.code === 'duplicate_track'
      ? t(flag.reference ? 'track:flags.duplicate_track.named' : 'track:flags.duplicate_track.unnamed', {
          reference: flag.reference,
        })
      : t(`track:flags.synthetic_timing.${flag.basis ?? 'speed_ignores_gradient'}`, {
          steepPercent: number(flag.steep_percent),
          steepKmh: number(flag.steep_kmh),
          gentlePercent: number(flag.gentle_percent),
          gentleKmh: number(flag.gentle_kmh),
          percent: flag.uniform_percent ?? 0,
        });
  if (flag.km === undefined || !flag.at) return <>{text}</>;
  const where = t(flag.road ? 'track:flags.where.road' : 'track:flags.where.ride', {
    road: flag.road ? t(`track:roads.${flag.road}`) : '',
    km: number(flag.km),
    at: times.clock(flag.at),
  });
  return <>{t('track:flags.located', { where, text })}</>;
}

/** The flags as a list, each with its icon and its `data-code` (tests and the admin lists read it). */
export function TrackFlagList({ flags, size = 'md' }: { flags: readonly TrackFlag[]; size?: 'sm' | 'md' }) {
  return (
    <List
      size={size}
      spacing={4}
      data-testid="track-flags"
      // The icon beside the first line of a remark that wraps, not halfway down it.
      styles={{ itemWrapper: { '--li-align': 'flex-start' } as CSSProperties, itemIcon: { marginTop: 2 } }}
      icon={
        <ThemeIcon color="orange.9" size={size === 'sm' ? 18 : 22} radius="xl" aria-hidden>
          <IconFlag size={size === 'sm' ? 12 : 14} />
        </ThemeIcon>
      }
    >
      {flags.map((flag, index) => (
        <List.Item key={index} data-code={flag.code}>
          <FlagText flag={flag} />
        </List.Item>
      ))}
    </List>
  );
}
