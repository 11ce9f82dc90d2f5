import { describe, expect, it } from 'vitest';
import { toggleAllIds, toggleId, visibleSelection } from './use-selection.ts';

describe('row selection', () => {
  it('toggles one row', () => {
    expect([...toggleId(new Set([1, 2]), 3)]).toEqual([1, 2, 3]);
    expect([...toggleId(new Set([1, 2]), 1)]).toEqual([2]);
  });

  it('selects the whole page, or clears it when it is all selected', () => {
    expect([...toggleAllIds(new Set([2]), [1, 2, 3])]).toEqual([1, 2, 3]);
    expect([...toggleAllIds(new Set([1, 2, 3]), [1, 2, 3])]).toEqual([]);
    expect([...toggleAllIds(new Set(), [])]).toEqual([]);
  });

  it('keeps only the rows still on screen', () => {
    expect([...visibleSelection(new Set([1, 2, 9]), [2, 3, 9])]).toEqual([2, 9]);
  });
});
