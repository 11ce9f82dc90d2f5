/**
 * The table of an admin candidate list: the columns the list names (list-columns.tsx), sortable headers (links
 * that change the sort in the URL, with `aria-sort`), optional row selection with a 'select all on this page'
 * box, and optional actions per row. It never scrolls sideways: where the list's box is wide, a table whose short
 * values (reference, status, number, action) are never wrapped nor cut while names and reasons wrap; where it is
 * narrow (a phone, a tablet beside the sidebar), each row is a card of labelled values with its action in reach.
 * The same elements serve both, with their table roles kept explicit, so that a card is still read as a row.
 */
import { Checkbox, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { COLUMNS, type CellContext, type ColumnId } from './list-columns.tsx';
import { type ListQuery, ariaSort, listSearchParams, nextSort } from './list-query.ts';
import type { CandidateListId, CandidateRow } from './types.ts';
import classes from './list-table.module.css';

export interface Selection {
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  toggleAll: () => void;
  /** Rows without a box (the in-progress list selects only the clean cards); every row when absent. */
  selectable?: (row: CandidateRow) => boolean;
  /**
   * Why a row's box is shown disabled (a buyer asked to cancel it: the kit waits), or null when it may be chosen.
   * Such a row is left out of 'select all' too.
   */
  heldBecause?: (row: CandidateRow) => string | null;
}

const choosable = (selection: Selection, row: CandidateRow) =>
  (selection.selectable?.(row) ?? true) && !selection.heldBecause?.(row);

function SortHeader({
  column,
  list,
  query,
  label,
}: {
  column: ColumnId;
  list: CandidateListId;
  query: ListQuery;
  label: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const sortKey = COLUMNS[column].sort;
  if (!sortKey)
    return (
      <Table.Th scope="col" role="columnheader" className={classes.plainHeader}>
        {label}
      </Table.Th>
    );
  const sort = ariaSort(query, sortKey);
  const params = listSearchParams(list, nextSort(query, sortKey)).toString();
  const Icon = sort === 'ascending' ? IconArrowUp : sort === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th scope="col" role="columnheader" aria-sort={sort}>
      <UnstyledButton
        component={Link}
        to={params ? `${pathname}?${params}` : pathname}
        preventScrollReset
        className={classes.sort}
        data-active={sort !== 'none' || undefined}
      >
        {label}
        <Icon size={14} aria-hidden />
        <VisuallyHidden>
          {sort === 'ascending' ? t('admin:table.sortDescending') : t('admin:table.sortAscending')}
        </VisuallyHidden>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The 'select all on this page' box, over the rows that have a box. */
function SelectAllHeader({ rows, selection }: { rows: readonly CandidateRow[]; selection: Selection }) {
  const { t } = useTranslation();
  const selectableRows = rows.filter((row) => choosable(selection, row));
  const selectedOnPage = selectableRows.filter((row) => selection.selected.has(row.id)).length;
  const hydrated = useHydrated();
  return (
    <Table.Th scope="col" role="columnheader" w={40} className={classes.selectHeader}>
      <Checkbox
        aria-label={t('admin:table.selectAll')}
        checked={selectableRows.length > 0 && selectedOnPage === selectableRows.length}
        indeterminate={selectedOnPage > 0 && selectedOnPage < selectableRows.length}
        disabled={!hydrated || selectableRows.length === 0}
        onChange={selection.toggleAll}
        data-testid="select-all"
      />
    </Table.Th>
  );
}

function CandidateTableRow({
  row,
  columns,
  context,
  selection,
  rowActions,
}: {
  row: CandidateRow;
  columns: readonly ColumnId[];
  context: CellContext;
  selection?: Selection;
  rowActions?: (row: CandidateRow) => ReactNode;
}) {
  const { t } = useTranslation();
  // The selection is the script's (the batch is sent by it): a box ticked before it runs would be lost.
  const hydrated = useHydrated();
  const held = selection?.heldBecause?.(row) ?? null;
  const name = `${row.prenom} ${row.nom}`;
  return (
    <Table.Tr
      role="row"
      className={classes.row}
      data-testid="candidate-row"
      data-reference={row.reference}
      data-selected={selection?.selected.has(row.id) || undefined}
    >
      {selection && (
        <Table.Td role="cell" className={classes.select}>
          {(selection.selectable?.(row) ?? true) &&
            (held ? (
              <Checkbox
                aria-label={t('admin:table.selectRowHeld', { name })}
                title={held}
                checked={false}
                disabled
                readOnly
                data-testid="held-row-box"
              />
            ) : (
              <Checkbox
                aria-label={t('admin:table.selectRow', { name })}
                checked={selection.selected.has(row.id)}
                disabled={!hydrated}
                onChange={() => selection.toggle(row.id)}
              />
            ))}
        </Table.Td>
      )}
      {columns.map((column) => (
        <Table.Td
          key={column}
          role="cell"
          className={classes.cell}
          data-fit={COLUMNS[column].fit}
          data-column={column}
        >
          {COLUMNS[column].fit !== 'title' && (
            // The header, shown beside the value when the row is a card (the table's header is then
            // out of sight); hidden from assistive technologies, which announce the header already.
            <span className={classes.cellLabel} aria-hidden>
              {t(`admin:table.${COLUMNS[column].label}`)}
            </span>
          )}
          <div className={classes.value}>{COLUMNS[column].cell(row, context)}</div>
        </Table.Td>
      ))}
      {rowActions && (
        <Table.Td role="cell" className={classes.actions}>
          {rowActions(row)}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function EmptyRow({ span }: { span: number }) {
  const { t } = useTranslation();
  return (
    <Table.Tr role="row">
      <Table.Td role="cell" colSpan={span}>
        <Text c="dimmed" ta="center" py="lg" data-testid="table-empty">
          {t('admin:table.empty')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

export function CandidateTable({
  list,
  rows,
  columns,
  query,
  caption,
  selection,
  pickupPointNames = {},
  rowActions,
}: {
  list: CandidateListId;
  rows: readonly CandidateRow[];
  columns: readonly ColumnId[];
  query: ListQuery;
  caption: string;
  selection?: Selection;
  pickupPointNames?: Readonly<Record<string, string>>;
  rowActions?: (row: CandidateRow) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const context: CellContext = {
    t,
    lang: i18n.language,
    format,
    pickupPointNames,
    breakAnywhere: classes.breakAnywhere!,
  };

  return (
    <div className={classes.frame}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        role="table"
        className={classes.table}
        data-testid="candidate-table"
      >
        <Table.Caption className={classes.caption}>{caption}</Table.Caption>
        <Table.Thead role="rowgroup" className={classes.head}>
          <Table.Tr role="row">
            {selection && <SelectAllHeader rows={rows} selection={selection} />}
            {columns.map((column) => (
              <SortHeader
                key={column}
                column={column}
                list={list}
                query={query}
                label={t(`admin:table.${COLUMNS[column].label}`)}
              />
            ))}
            {rowActions && (
              <Table.Th scope="col" role="columnheader" className={classes.plainHeader}>
                <VisuallyHidden>{t('admin:table.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.length === 0 ? (
            <EmptyRow span={columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0)} />
          ) : (
            rows.map((row) => (
              <CandidateTableRow
                key={row.id}
                row={row}
                columns={columns}
                context={context}
                selection={selection}
                rowActions={rowActions}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
