/** The four roads side by side: one row per road, one column per headline figure. */
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROADS } from '../../../domain/ventoux.ts';
import tables from './plain-table.module.css';
import { ROAD_FIGURE_KEYS, roadFigures } from './road-figures.ts';
import { ScrollRegion } from './scroll-region.tsx';
import { useRoadFigureText } from './use-road-figure-text.ts';

export function RoadsComparison() {
  const { t } = useTranslation();
  const figureText = useRoadFigureText();
  const caption = t('roads:comparison.caption');
  return (
    <ScrollRegion label={caption}>
      <table
        className={`${tables.table} ${tables.hover}`}
        style={{ minWidth: 760 }}
        data-testid="roads-comparison"
      >
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('roads:comparison.columns.road')}</th>
            <th scope="col">{t('roads:comparison.columns.start')}</th>
            {ROAD_FIGURE_KEYS.map((key) => (
              <th key={key} scope="col">
                {t(`roads:comparison.columns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROADS.map((road) => (
            <tr key={road.id}>
              <th scope="row">
                <Anchor href={`#${road.id}`} c="club.8" fw={700}>
                  {t(`roads:roads.${road.id}.title`)}
                </Anchor>
              </th>
              <td>{road.startTown}</td>
              {roadFigures(road).map((figure) => (
                <td key={figure.key}>{figureText(figure)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
