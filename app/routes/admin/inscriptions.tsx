/**
 * The registrations to work through: kits to post (`traitements`), to email, to hand over at a pick-up point
 * (`retrait`), and those already processed (`traites`). A server-side paged, sorted and filtered table whose
 * state lives in the URL, with batch actions on the selected rows and a CSV export of the current filter.
 */
import { useTranslation } from 'react-i18next';
import { data, useRevalidator } from 'react-router';
import { localeOr } from '../../../domain/locales.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { BatchActions } from '../../components/admin/batch-actions.tsx';
import { CandidateTable } from '../../components/admin/candidate-table.tsx';
import { LIST_COLUMNS } from '../../components/admin/list-columns.tsx';
import { ListExport } from '../../components/admin/list-export.tsx';
import { ListFilters, ListPagination, ResultCount } from '../../components/admin/list-controls.tsx';
import { apiListQuery, parseListQuery } from '../../components/admin/list-query.ts';
import {
  INSCRIPTION_LISTS,
  type CandidatePage,
  type CandidateRow,
  type InscriptionList,
} from '../../components/admin/types.ts';
import { useSelection } from '../../components/admin/use-selection.ts';
import type { Route } from './+types/inscriptions';
import { useFormat } from '../../lib/format.ts';
import { requireStaff } from '../../lib/require-user.ts';

const isInscriptionList = (value: string | undefined): value is InscriptionList =>
  (INSCRIPTION_LISTS as readonly (string | undefined)[]).includes(value);

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireStaff(args, 'registrations.read');
  const { params, request } = args;
  const list = params.list;
  if (!isInscriptionList(list)) throw data(null, { status: 404 });
  const query = parseListQuery(list, new URL(request.url).searchParams);
  const page: CandidatePage = await services.admin.listCandidates(user, apiListQuery(list, query));
  const locale = localeOr(params.lang);
  const pickupPointNames = Object.fromEntries(
    (await services.orders.pickupPoints(locale, 'all')).map((point) => [point.id, point.name]),
  );
  return { list, query, page, pickupPointNames };
}

export default function Inscriptions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { list, query, page, pickupPointNames } = loaderData;
  const revalidator = useRevalidator();
  // A registration whose buyer asked to cancel waits for the decision: out of the selection, its box disabled.
  const heldBecause = (row: CandidateRow) =>
    row.cancellation_request
      ? t('admin:table.cancellationRequestedSince', {
          date: format.timestamp(row.cancellation_request.asked_at),
        })
      : null;
  const selection = useSelection(page.items.filter((row) => !row.cancellation_request).map((row) => row.id));
  const title = t(`admin:lists.${list}.title`);
  return (
    <AdminPage>
      <AdminHeading
        title={title}
        intro={t(`admin:lists.${list}.intro`)}
        actions={<ListExport list={list} query={query} />}
      >
        <ResultCount total={page.total} />
      </AdminHeading>
      <ListFilters list={list} query={query} />
      {/* Nothing is sent for a minor until a guardian consents: the list has no batch actions. */}
      {list !== 'consent' && (
        <BatchActions
          key={list}
          list={list}
          selectedIds={selection.ids}
          onProcessed={() => {
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
        selection={{ ...selection, heldBecause }}
        pickupPointNames={pickupPointNames}
      />
      <ListPagination list={list} query={query} total={page.total} />
    </AdminPage>
  );
}
