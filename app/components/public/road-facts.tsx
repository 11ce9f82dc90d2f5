/** A road's six headline figures as a definition list. */
import { useTranslation } from 'react-i18next';
import type { Road } from '../../../domain/ventoux.ts';
import { roadFigures } from './road-figures.ts';
import { useRoadFigureText } from './use-road-figure-text.ts';
import classes from './road-facts.module.css';

export function RoadFacts({ road }: { road: Road }) {
  const { t } = useTranslation();
  const figureText = useRoadFigureText();
  return (
    <dl className={classes.facts}>
      {roadFigures(road).map((figure) => (
        <div key={figure.key} className={classes.fact}>
          <dt>{t(`roads:facts.${figure.key}`)}</dt>
          <dd>{figureText(figure)}</dd>
        </div>
      ))}
    </dl>
  );
}
