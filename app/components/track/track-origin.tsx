/**
 * Where an attached track came from, for the volunteer: said only when it was brought from Strava, with a link
 * to the activity there (which the volunteer sees if the rider shares it with them, or publicly).
 */
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoredTrack } from '../../../contracts/tracks.ts';

export function TrackOrigin({ track }: { track: StoredTrack }) {
  const { t } = useTranslation();
  if (track.source !== 'strava' || !track.activity_id) return null;
  return (
    <Text size="sm" data-testid="track-origin">
      {t('track:origin.strava')}{' '}
      <Anchor
        href={`https://www.strava.com/activities/${encodeURIComponent(track.activity_id)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('track:origin.activity', { id: track.activity_id })}
      </Anchor>
    </Text>
  );
}
