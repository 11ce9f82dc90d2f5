/**
 * The homologation lists: route cards received and waiting to be judged (`homologations`), and the history of
 * homologated and rejected rides with their numbers, dates and homologators (`homologations/historique`). Both
 * pages of the registry use this module; the route's pattern says which list it shows. Opening a row leads to the
 * candidate's page, where the card is judged or a homologation corrected.
 */
import { Button } from '@mantine/core';
import { IconCertificate, IconPencil, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { BatchHomologation, isBatchable, isClean } from '../../components/admin/batch-homologation.tsx';
import { useSelection } from '../../components/admin/use-selection.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { CandidateTable } from '../../components/admin/candidate-table.tsx';
import { LIST_COLUMNS } from '../../components/admin/list-columns.tsx';
import { ListExport } from '../../components/admin/list-export.tsx';
import { ListFilters, ListPagination, ResultCount } from '../../components/admin/list-controls.tsx';
import { apiListQuery, parseListQuery } from '../../components/admin/list-query.ts';
import type { CandidatePage, CandidateRow, HomologationList } from '../../components/admin/types.ts';
import { findPageByPattern } from '../../../domain/pages.ts';
import type { Route } from './+types/homologations';
import { requireStaff } from '../../lib/require-user.ts';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireStaff(args, 'homologations.read');
  const { pattern, request } = args;
  const list: HomologationList =
    findPageByPattern(pattern)?.id === 'admin-homologations-history' ? 'history' : 'in_progress';
  const query = parseListQuery(list, new URL(request.url).searchParams);
  const page: CandidatePage = await services.admin.listCandidates(user, apiListQuery(list, query));
  return { list, query, page };
}

export default function Homologations({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list, query, page } = loaderData;
  const title = t(`admin:lists.${list}.title`);
  const candidatePath = (row: CandidateRow) => `/${i18n.language}/administration/candidates/${row.id}`;
  const revalidator = useRevalidator();
  // Clean cards and cards back without a ride can be homologated together; the others are opened one by one.
  const selection = useSelection(page.items.filter(isBatchable).map((row) => row.id));
  const rowAction = (row: CandidateRow) =>
    list === 'in_progress' ? (
      <Button
        component={Link}
        to={`${candidatePath(row)}?from=in_progress`}
        size="xs"
        leftSection={<IconCertificate size={14} aria-hidden />}
        aria-label={t('admin:homologation.judgeFor', { name: `${row.prenom} ${row.nom}` })}
      >
        {t('admin:homologation.judge')}
      </Button>
    ) : row.statut === 'homologated' ? (
      <Button
        component={Link}
        to={`${candidatePath(row)}#correction`}
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        aria-label={t('admin:correction.openFor', { name: `${row.prenom} ${row.nom}` })}
      >
        {t('admin:correction.open')}
      </Button>
    ) : null;

  return (
    <AdminPage>
      <AdminHeading
        title={title}
        intro={t(`admin:lists.${list}.intro`)}
        actions={
          <>
            {list === 'in_progress' && (
              <Button
                component={Link}
                to={`/${i18n.language}/administration/homologations/scan`}
                leftSection={<IconQrcode size={16} aria-hidden />}
              >
                {t('admin:scan.title')}
              </Button>
            )}
            <ListExport list={list} query={query} />
          </>
        }
      >
        <ResultCount total={page.total} />
      </AdminHeading>
      <ListFilters list={list} query={query} withEvidence={list === 'in_progress'} />
      {list === 'in_progress' && (
        <BatchHomologation
          rows={page.items}
          selectedIds={selection.ids}
          onSelectAllClean={() => selection.selectOnly(page.items.filter(isClean).map((row) => row.id))}
          onDone={() => {
            selection.clear();
            void revalidator.revalidate();
          }}
        />
      )}
      <CandidateTable
        list={list}
        rows={page.items}
        columns={LIST_COLUMNS[list]}
        query={query}
        caption={t('admin:table.caption', { list: title })}
        selection={list === 'in_progress' ? { ...selection, selectable: isBatchable } : undefined}
        rowActions={rowAction}
      />
      <ListPagination list={list} query={query} total={page.total} />
    </AdminPage>
  );
}
