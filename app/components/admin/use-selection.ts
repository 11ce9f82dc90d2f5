/**
 * The selected rows of a list page. A selection never reaches beyond the rows on screen: after a page change, a
 * new search or a reload, only the ids still shown stay selected, so a batch action never touches a row the
 * volunteer cannot see.
 */
import { useMemo, useState } from 'react';

export function toggleId(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Selects every row of the page, or none when they all are selected already. */
export function toggleAllIds(selected: ReadonlySet<number>, rowIds: readonly number[]): Set<number> {
  const allSelected = rowIds.length > 0 && rowIds.every((id) => selected.has(id));
  return allSelected ? new Set() : new Set(rowIds);
}

export function visibleSelection(selected: ReadonlySet<number>, rowIds: readonly number[]): Set<number> {
  return new Set(rowIds.filter((id) => selected.has(id)));
}

export function useSelection(rowIds: readonly number[]) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set());
  const key = rowIds.join(',');
  // rowIds is a fresh array on every render; its content is what matters.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const selected = useMemo(() => visibleSelection(chosen, rowIds), [chosen, key]);
  return {
    selected,
    ids: [...selected],
    toggle: (id: number) => setChosen(toggleId(selected, id)),
    toggleAll: () => setChosen(toggleAllIds(selected, rowIds)),
    /** Selects these rows (those among the page's rows), and only them. */
    selectOnly: (ids: readonly number[]) => setChosen(visibleSelection(new Set(ids), rowIds)),
    clear: () => setChosen(new Set()),
  };
}
