/** The four roads side by side: one row per road, one column per headline figure. */
import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROADS } from '../../../domain/ventoux.ts';
import { ROAD_FIGURE_KEYS, roadFigures } from './road-figures.ts';
import { ScrollRegion } from './scroll-region.tsx';
import { useRoadFigureText } from './use-road-figure-text.ts';

export function RoadsComparison() {
  const { t } = useTranslation();
  const figureText = useRoadFigureText();
  const caption = t('roads:comparison.caption');
  return (
    <ScrollRegion label={caption}>
      <Table striped highlightOnHover withTableBorder miw={760} data-testid="roads-comparison">
        <Table.Caption c="gray.7">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('roads:comparison.columns.road')}</Table.Th>
            <Table.Th scope="col">{t('roads:comparison.columns.start')}</Table.Th>
            {ROAD_FIGURE_KEYS.map((key) => (
              <Table.Th key={key} scope="col">
                {t(`roads:comparison.columns.${key}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROADS.map((road) => (
            <Table.Tr key={road.id}>
              <Table.Th scope="row">
                <Anchor href={`#${road.id}`} c="club.8" fw={700}>
                  {t(`roads:roads.${road.id}.title`)}
                </Anchor>
              </Table.Th>
              <Table.Td>{road.startTown}</Table.Td>
              {roadFigures(road).map((figure) => (
                <Table.Td key={figure.key}>{figureText(figure)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
