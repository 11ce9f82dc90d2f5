/**
 * The table of an admin candidate list: the columns the list needs, sortable headers (links that change the
 * sort in the URL, with `aria-sort`), optional row selection with a 'select all on this page' box, and
 * optional actions per row. It scrolls sideways on a phone, and can then be scrolled with the keyboard too.
 */
import { Anchor, Checkbox, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EvidenceSummary } from './evidence-summary.tsx';
import { CertifiedBy, StatusBadge } from './labels.tsx';
import { useFormat } from '../../lib/format.ts';
import { type ListQuery, type SortKey, ariaSort, listSearchParams, nextSort } from './list-query.ts';
import type { CandidateListId, CandidateRow } from './types.ts';
import classes from './candidate-table.module.css';

export type ColumnId =
  | 'reference'
  | 'candidate'
  | 'challenge'
  | 'created_at'
  | 'date_livraison'
  | 'delivery'
  | 'status'
  | 'numero'
  | 'date_passage'
  | 'homologator'
  | 'evidence';

const SORT_OF: Partial<Record<ColumnId, SortKey>> = {
  reference: 'reference',
  candidate: 'nom',
  challenge: 'epreuve',
  created_at: 'created_at',
  date_livraison: 'date_livraison',
  status: 'statut',
  numero: 'numero',
  date_passage: 'date_passage',
  evidence: 'evidence',
};

export interface Selection {
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  toggleAll: () => void;
  /** Rows without a box (the in-progress list selects only the clean cards); every row when absent. */
  selectable?: (row: CandidateRow) => boolean;
}

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
  const sortKey = SORT_OF[column];
  if (!sortKey) return <Table.Th scope="col">{label}</Table.Th>;
  const sort = ariaSort(query, sortKey);
  const params = listSearchParams(list, nextSort(query, sortKey)).toString();
  const Icon = sort === 'ascending' ? IconArrowUp : sort === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th scope="col" aria-sort={sort}>
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
  const selectableRows = selection ? rows.filter((row) => selection.selectable?.(row) ?? true) : [];
  const selectedOnPage = selectableRows.filter((row) => selection!.selected.has(row.id)).length;

  const cell = (column: ColumnId, row: CandidateRow): ReactNode => {
    switch (column) {
      case 'reference':
        return (
          <Text ff="monospace" size="sm">
            {row.reference}
          </Text>
        );
      case 'candidate':
        return (
          <>
            <Anchor component={Link} to={`/${i18n.language}/administration/candidates/${row.id}`} fw={600}>
              {row.prenom} {row.nom}
            </Anchor>
            <Text size="xs" c="dimmed" className={classes.email}>
              {row.email}
            </Text>
          </>
        );
      case 'challenge':
        return t(`admin:challenges.${row.epreuve}`);
      case 'created_at':
        return <time dateTime={String(row.created_at)}>{format.shortTimestamp(row.created_at)}</time>;
      case 'date_livraison':
        return row.date_livraison ? (
          <time dateTime={row.date_livraison}>{format.shortDate(row.date_livraison)}</time>
        ) : (
          '—'
        );
      case 'delivery':
        if (!row.mode_livraison) return '—';
        return (
          <>
            {t(`admin:delivery.${row.mode_livraison}`)}
            {row.mode_livraison === 'retrait' && row.point_retrait && (
              <Text size="xs" c="dimmed">
                {pickupPointNames[row.point_retrait] ?? row.point_retrait}
              </Text>
            )}
          </>
        );
      case 'status':
        return <StatusBadge status={row.statut} />;
      case 'numero':
        return row.homologation ? (
          <Text fw={700} data-testid="homologation-number">
            {t(`admin:numberOf.${row.homologation.epreuve}`, { numero: row.homologation.numero })}
          </Text>
        ) : (
          '—'
        );
      case 'date_passage': {
        const date = row.homologation?.date_passage;
        return date ? <time dateTime={date}>{format.shortDate(date)}</time> : '—';
      }
      case 'evidence':
        return <EvidenceSummary evidence={row.evidence} />;
      case 'homologator':
        return row.homologation ? (
          <CertifiedBy homologator={row.homologation.homologateur} />
        ) : row.statut === 'rejected' && row.rejectionReason ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {row.rejectionReason}
          </Text>
        ) : (
          '—'
        );
    }
  };

  return (
    <Table.ScrollContainer
      minWidth={860}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={caption}
      className={classes.scroll}
    >
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="candidate-table">
        <Table.Caption className={classes.caption}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th scope="col" w={40}>
                <Checkbox
                  aria-label={t('admin:table.selectAll')}
                  checked={selectableRows.length > 0 && selectedOnPage === selectableRows.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < selectableRows.length}
                  disabled={selectableRows.length === 0}
                  onChange={selection.toggleAll}
                  data-testid="select-all"
                />
              </Table.Th>
            )}
            {columns.map((column) => (
              <SortHeader
                key={column}
                column={column}
                list={list}
                query={query}
                label={t(`admin:table.${column}`)}
              />
            ))}
            {rowActions && (
              <Table.Th scope="col">
                <VisuallyHidden>{t('admin:table.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0)}>
                <Text c="dimmed" ta="center" py="lg" data-testid="table-empty">
                  {t('admin:table.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr
                key={row.id}
                data-testid="candidate-row"
                data-reference={row.reference}
                bg={selection?.selected.has(row.id) ? 'var(--mantine-color-yellow-0)' : undefined}
              >
                {selection && (
                  <Table.Td>
                    {(selection.selectable?.(row) ?? true) && (
                      <Checkbox
                        aria-label={t('admin:table.selectRow', { name: `${row.prenom} ${row.nom}` })}
                        checked={selection.selected.has(row.id)}
                        onChange={() => selection.toggle(row.id)}
                      />
                    )}
                  </Table.Td>
                )}
                {columns.map((column) => (
                  <Table.Td key={column} miw={column === 'candidate' ? 220 : undefined}>
                    {cell(column, row)}
                  </Table.Td>
                ))}
                {rowActions && <Table.Td>{rowActions(row)}</Table.Td>}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
