/**
 * The roads a ride still lacks for a challenge, in words: "Bédoin, Malaucène twice, Sault" (a road the Bicinglé
 * wants twice and the ride lacks twice is named once, with "twice"). Used by the report and the account's step.
 */
import { useTranslation } from 'react-i18next';
import type { RoadId } from '../../../domain/ventoux.ts';

export function useMissingRoads(): (roads: readonly RoadId[]) => string {
  const { t } = useTranslation('track');
  return (roads) => {
    const counts = new Map<RoadId, number>();
    for (const road of roads) counts.set(road, (counts.get(road) ?? 0) + 1);
    return [...counts]
      .map(([road, count]) => {
        const name = t(`missing.roads.${road}`);
        return count > 1 ? t('missing.twice', { road: name }) : name;
      })
      .join(', ');
  };
}
