/**
 * The ranking table: every column sorts through a link (so it works before the scripts load, and the sorted
 * view has its own address), `aria-sort` tells assistive technologies which column orders the rows, and the
 * rank and surname stay in view when the table scrolls sideways on a phone. A plain HTML table styled like the
 * other public tables: Mantine's Table would bring its ScrollArea (about 15 KB gzip) to the page.
 */
import { Anchor, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LaureateSortKey } from '../../../domain/laureate-view.ts';
import type { LaureateRow } from '../../../domain/schemas/laureates.ts';
import { type LaureatesView, laureatesSearch, sortedBy } from './url-state.ts';
import { useFormat } from '../../lib/format.ts';
import tables from '../public/plain-table.module.css';
import { useLaureateLabels } from './labels.ts';
import classes from './laureates-table.module.css';

/** The columns in the order the club's ranking shows them. */
const COLUMNS: readonly { key: LaureateSortKey; numeric?: boolean; className?: string }[] = [
  { key: 'rank', numeric: true, className: classes.rank },
  { key: 'nom', className: classes.surname },
  { key: 'prenom' },
  { key: 'civilite' },
  { key: 'birth_year', numeric: true },
  { key: 'total', numeric: true },
  { key: 'cingle', numeric: true },
  { key: 'bicingle', numeric: true },
  { key: 'galerien', numeric: true },
  { key: 'pays' },
  { key: 'nationalite' },
  { key: 'numero', numeric: true },
  { key: 'epreuve' },
  { key: 'date_passage' },
  { key: 'age', numeric: true },
  { key: 'ville' },
];

function SortHeader({
  view,
  column,
  basePath,
}: {
  view: LaureatesView;
  column: (typeof COLUMNS)[number];
  basePath: string;
}) {
  const { t } = useTranslation();
  const active = view.sort.key === column.key;
  const label = t(`laureates:columns.${column.key}`);
  const Icon = !active ? IconArrowsSort : view.sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  const classNames = [column.className, column.numeric ? classes.number : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <th
      scope="col"
      className={classNames || undefined}
      aria-sort={active ? (view.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Link
        to={`${basePath}${laureatesSearch(sortedBy(view, column.key))}`}
        className={classes.sortLink}
        title={t('laureates:sortBy', { column: label })}
        preventScrollReset
        data-testid={`sort-${column.key}`}
      >
        {label}
        <Icon size={14} stroke={2} aria-hidden opacity={active ? 1 : 0.4} />
      </Link>
    </th>
  );
}

/** One homologation: the laureate's name links to their palmarès. */
function LaureateTableRow({
  row,
  birth,
  flag,
}: {
  row: LaureateRow;
  birth: string | number;
  flag: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const labels = useLaureateLabels();
  const name = `${row.prenom} ${row.nom}`;
  const lang = i18n.language;
  return (
    <tr data-testid="laureate-row">
      <td className={`${classes.rank} ${classes.number}`}>{format.number(row.rank)}</td>
      <th scope="row" className={classes.surname}>
        <Anchor
          component={Link}
          to={`/${lang}/laureates/${row.laureateId}`}
          fw={700}
          c="club.8"
          aria-label={t('laureates:table.palmaresLink', { name })}
        >
          {row.nom}
        </Anchor>
      </th>
      <td>{row.prenom}</td>
      <td>{labels.civilite(row.civilite)}</td>
      <td className={classes.number} data-testid="laureate-birth">
        {birth}
      </td>
      <td className={classes.number}>
        <Text span fw={700} inherit>
          {row.total}
        </Text>
      </td>
      <td className={classes.number}>{row.cingle}</td>
      <td className={classes.number}>{row.bicingle}</td>
      <td className={classes.number}>{row.galerien}</td>
      <td>
        {flag && <img className={classes.flag} src={flag} width={18} height={13} alt="" loading="lazy" />}
        {labels.country(row.pays)}
      </td>
      <td>{labels.country(row.nationalite)}</td>
      <td className={classes.number}>{format.number(row.numero)}</td>
      <td>{labels.challenge(row.epreuve)}</td>
      <td>{format.displayDate(row.date_passage)}</td>
      <td className={classes.number}>{row.age ?? '-'}</td>
      <td>{row.ville ?? '-'}</td>
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
  return (
    <div className={classes.region} role="region" aria-label={t('laureates:table.label')} tabIndex={0}>
      <table className={`${tables.table} ${tables.hover} ${classes.table}`} data-testid="laureates-table">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <SortHeader key={column.key} view={view} column={column} basePath={`/${lang}/laureates`} />
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
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
