/**
 * A box that scrolls sideways when its content is wider than a phone screen (a chart, a wide table). It takes
 * the focus and has a name, so keyboard users can scroll it too. A named group, not a region: four charts
 * would otherwise add four landmarks, two of them with the same name.
 */
import type { ReactNode } from 'react';
import classes from './scroll-region.module.css';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.region} tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}
