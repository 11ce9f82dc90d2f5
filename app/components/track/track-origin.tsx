/**
 * Where an attached track came from, for the volunteer: said only when it was brought from an activity service,
 * with a link to the activity there (which the volunteer sees if the rider shares it with them, or publicly).
 */
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoredTrack } from '../../../contracts/tracks.ts';
import { ACTIVITY_PROVIDER_NAMES, activityPageUrl } from '../../../domain/activity-providers.ts';

export function TrackOrigin({ track }: { track: StoredTrack }) {
  const { t } = useTranslation();
  if (track.source === 'upload' || !track.activity_id) return null;
  const service = ACTIVITY_PROVIDER_NAMES[track.source];
  return (
    <Text size="sm" data-testid="track-origin">
      {t('track:origin.source', { service })}{' '}
      <Anchor
        href={activityPageUrl(track.source, track.activity_id)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('track:origin.activity', { service, id: track.activity_id })}
      </Anchor>
    </Text>
  );
}
