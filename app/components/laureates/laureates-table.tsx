/**
 * The ranking table: every value a reader looks for in view without scrolling sideways. In a wide box a real
 * table (the name, the country with the town, the challenge with its number, the day, the age with the year of
 * birth, the nationality and the rider's counts); in a narrow one each row is a card with each value beside its
 * label, and the header row becomes a strip of sort links (a container query in laureates-table.module.css, no
 * script). Every sort key is a link (so it works
 * without scripts, and the sorted view has its own address); a header that holds two keys is `aria-sort`ed by
 * either. A plain HTML table styled like the other public tables: Mantine's Table would bring its ScrollArea
 * (about 15 KB gzip) to the page.
 */
import { Anchor } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LaureateSortKey } from '../../../domain/laureate-view.ts';
import type { LaureateRow } from '../../../domain/schemas/laureates.ts';
import { type LaureatesView, laureatesSearch, sortedBy } from './url-state.ts';
import { useFormat } from '../../lib/format.ts';
import tables from '../public/plain-table.module.css';
import { useLaureateLabels } from './labels.ts';
import classes from './laureates-table.module.css';

/**
 * The columns and the sort keys each header offers. The rank was the homologation number again ('rank' still
 * sorts as the number, for the addresses already shared) and the title says nothing a reader looks for.
 */
const COLUMNS = [
  { id: 'name', keys: ['nom', 'prenom'] },
  { id: 'from', keys: ['pays', 'ville'] },
  { id: 'challenge', keys: ['epreuve', 'numero'] },
  { id: 'date', keys: ['date_passage'] },
  { id: 'age', keys: ['age', 'birth_year'], numeric: true },
  { id: 'nationality', keys: ['nationalite'] },
  { id: 'total', keys: ['total'], numeric: true },
  { id: 'cingle', keys: ['cingle'], numeric: true },
  { id: 'galerien', keys: ['galerien'], numeric: true },
  { id: 'bicingle', keys: ['bicingle'], numeric: true },
] as const satisfies readonly { id: string; keys: readonly LaureateSortKey[]; numeric?: boolean }[];
type Column = (typeof COLUMNS)[number];
type ColumnId = Column['id'];

/** The sort key a view's order belongs to: 'rank' is the number's order. */
const shownKey = (key: LaureateSortKey): LaureateSortKey => (key === 'rank' ? 'numero' : key);

function SortLink({
  view,
  sortKey,
  basePath,
}: {
  view: LaureatesView;
  sortKey: LaureateSortKey;
  basePath: string;
}) {
  const { t } = useTranslation();
  const active = shownKey(view.sort.key) === sortKey;
  const label = t(`laureates:columns.${sortKey}`);
  const Icon = !active ? IconArrowsSort : view.sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Link
      to={`${basePath}${laureatesSearch(sortedBy(view, sortKey))}`}
      className={classes.sortLink}
      title={t('laureates:sortBy', { column: label })}
      preventScrollReset
      data-testid={`sort-${sortKey}`}
      data-active={active || undefined}
    >
      {label}
      <Icon size={14} stroke={2} aria-hidden />
    </Link>
  );
}

function ColumnHeader({ view, column, basePath }: { view: LaureatesView; column: Column; basePath: string }) {
  const sorted = (column.keys as readonly LaureateSortKey[]).includes(shownKey(view.sort.key));
  return (
    <th
      scope="col"
      role="columnheader"
      className={'numeric' in column ? classes.number : undefined}
      data-column={column.id}
      aria-sort={sorted ? (view.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <span className={classes.sortLinks}>
        {column.keys.map((key) => (
          <SortLink key={key} view={view} sortKey={key} basePath={basePath} />
        ))}
      </span>
    </th>
  );
}

/** A cell with its column's label before the value, seen only on a card (the header names it in the table). */
function Cell({ column, label, children }: { column: Column; label: string; children: ReactNode }) {
  return (
    <td role="cell" className={'numeric' in column ? classes.number : undefined} data-column={column.id}>
      <span className={classes.cellLabel} aria-hidden>
        {label}
      </span>
      <span className={classes.value}>{children}</span>
    </td>
  );
}

/** What each column shows of a row; the name is the row's header and is drawn apart. */
function useCellValues(row: LaureateRow, birth: string | number, flag: string | undefined) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useLaureateLabels();
  return {
    from: (
      <>
        <span className={classes.country}>
          {flag && <img className={classes.flag} src={flag} width={18} height={13} alt="" loading="lazy" />}
          {labels.country(row.pays)}
        </span>
        {row.ville && <span className={classes.town}>{row.ville}</span>}
      </>
    ),
    challenge: (
      <>
        {labels.challenge(row.epreuve)}{' '}
        <span className={classes.numero}>
          {t('laureates:table.numero', { numero: format.number(row.numero) })}
        </span>
      </>
    ),
    date: format.displayDate(row.date_passage),
    age: (
      <>
        {row.age ?? '-'}
        <span className={classes.born} data-testid="laureate-birth">
          {birth}
        </span>
      </>
    ),
    nationality: labels.country(row.nationalite),
    total: <strong>{row.total}</strong>,
    cingle: row.cingle,
    galerien: row.galerien,
    bicingle: row.bicingle,
  } satisfies Record<Exclude<ColumnId, 'name'>, ReactNode>;
}

/** One homologation: the laureate's name links to their palmarès. */
function LaureateTableRow({
  row,
  birth,
  flag,
  columnLabels,
}: {
  row: LaureateRow;
  birth: string | number;
  flag: string | undefined;
  columnLabels: Record<ColumnId, string>;
}) {
  const { t, i18n } = useTranslation();
  const values = useCellValues(row, birth, flag);
  const name = `${row.prenom} ${row.nom}`;
  return (
    <tr role="row" data-testid="laureate-row">
      <th scope="row" role="rowheader" className={classes.name} data-column="name">
        <Anchor
          component={Link}
          to={`/${i18n.language}/laureates/${row.laureateId}`}
          c="club.8"
          aria-label={t('laureates:table.palmaresLink', { name })}
        >
          <strong data-testid="laureate-surname">{row.nom}</strong> {row.prenom}
        </Anchor>
      </th>
      {COLUMNS.filter((column) => column.id !== 'name').map((column) => (
        <Cell key={column.id} column={column} label={columnLabels[column.id]}>
          {values[column.id as Exclude<ColumnId, 'name'>]}
        </Cell>
      ))}
    </tr>
  );
}

export function LaureatesTable({
  view,
  rows,
  birthDates = null,
  flags,
}: {
  view: LaureatesView;
  rows: LaureateRow[];
  /** Each country's flag picture (services.flags.sources): written into the page when small. */
  flags: Record<string, string>;
  /** Administrators only: the full birth date by laureate id, shown instead of the year (decision 0020). */
  birthDates?: Record<number, string | null> | null;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const birthDateText = (date: string | null | undefined) => (date ? format.date(date) : '-');
  const lang = i18n.language;
  const columnLabels = Object.fromEntries(
    COLUMNS.map((column) => [
      column.id,
      column.keys.map((key: LaureateSortKey) => t(`laureates:columns.${key}`)).join(' · '),
    ]),
  ) as Record<ColumnId, string>;
  return (
    <div className={classes.frame}>
      <table
        role="table"
        aria-label={t('laureates:table.label')}
        className={`${tables.table} ${tables.hover} ${classes.table}`}
        data-testid="laureates-table"
      >
        <thead className={classes.head}>
          <tr role="row">
            {COLUMNS.map((column) => (
              <ColumnHeader key={column.id} view={view} column={column} basePath={`/${lang}/laureates`} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <LaureateTableRow
              key={row.homologationId}
              row={row}
              birth={birthDates ? birthDateText(birthDates[row.laureateId]) : (row.birth_year ?? '-')}
              flag={row.pays ? flags[row.pays] : undefined}
              columnLabels={columnLabels}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
