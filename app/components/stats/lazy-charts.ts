/** The chart components, loaded on first use in the browser (their module carries recharts). */
import { lazy } from 'react';

const charts = () => import('./stats-charts.tsx');

export const DonutFigure = lazy(() => charts().then((module) => ({ default: module.DonutFigure })));
export const ColumnsFigure = lazy(() => charts().then((module) => ({ default: module.ColumnsFigure })));
export const RowsFigure = lazy(() => charts().then((module) => ({ default: module.RowsFigure })));
