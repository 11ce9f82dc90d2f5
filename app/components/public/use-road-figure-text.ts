/** A road figure as the page writes it: "21,5 km", "7,5 %", or "environ 23 km" for an estimate. */
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import type { RoadFigure } from './road-figures.ts';

export function useRoadFigureText() {
  const { t } = useTranslation();
  const format = useFormat();
  return (figure: RoadFigure) => {
    const text = t(`roads:units.${figure.unit}`, { value: format.number(figure.value) });
    return figure.approximate ? t('roads:facts.approx', { value: text }) : text;
  };
}
