/**
 * Controls of an admin list, all kept in the URL: the search and filter form (a GET form, so it works before
 * the page has hydrated too), the result count, the pages and the page size.
 */
import { Button, Group, NativeSelect, Pagination, Paper, Text, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { CHALLENGE_IDS } from '../../../domain/ventoux.ts';
import { EVIDENCE_FILTERS } from '../../../domain/evidence.ts';
import {
  LIST_PAGE_SIZES,
  type ListQuery,
  defaultQuery,
  listSearchParams,
  pageCount,
  parseListQuery,
} from './list-query.ts';
import type { CandidateListId } from './types.ts';

function FilterFields({
  query,
  withDates,
  withEvidence,
}: {
  query: ListQuery;
  withDates: boolean;
  withEvidence: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        name="epreuve"
        label={t('admin:filters.challenge')}
        defaultValue={query.epreuve}
        data={[
          { value: '', label: t('admin:filters.allChallenges') },
          ...CHALLENGE_IDS.map((id) => ({ value: id, label: t(`admin:challenges.${id}`) })),
        ]}
      />
      {withEvidence && (
        <NativeSelect
          name="evidence"
          label={t('admin:evidence.filter')}
          defaultValue={query.evidence}
          data={[
            { value: '', label: t('admin:evidence.filterAll') },
            ...EVIDENCE_FILTERS.map((id) => ({ value: id, label: t(`admin:evidence.filters.${id}`) })),
          ]}
          data-testid="evidence-filter"
        />
      )}
      {withDates && (
        <>
          <TextInput name="from" type="date" label={t('admin:filters.from')} defaultValue={query.from} />
          <TextInput name="to" type="date" label={t('admin:filters.to')} defaultValue={query.to} />
        </>
      )}
    </>
  );
}

/** The sort, order and page size chosen, kept through a new search when they are not the list's defaults. */
function KeptOrder({ list, query }: { list: CandidateListId; query: ListQuery }) {
  const defaults = defaultQuery(list);
  return (
    <>
      {query.sort !== defaults.sort && <input type="hidden" name="sort" value={query.sort} />}
      {query.order !== defaults.order && <input type="hidden" name="order" value={query.order} />}
      {query.pageSize !== defaults.pageSize && <input type="hidden" name="pageSize" value={query.pageSize} />}
    </>
  );
}

export function ListFilters({
  list,
  query,
  withDates = true,
  withEvidence = false,
}: {
  list: CandidateListId;
  query: ListQuery;
  withDates?: boolean;
  /** The returned cards' list filters by how their evidence stands. */
  withEvidence?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // Once hydrated, the empty fields are left out of the URL; before that, the plain GET form does the same job.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string') fields.set(name, value);
    }
    const params = listSearchParams(list, { ...parseListQuery(list, fields), page: 1 }).toString();
    void navigate(params ? `${pathname}?${params}` : pathname);
  };
  const filtered =
    query.q !== '' || query.epreuve !== '' || query.from !== '' || query.to !== '' || query.evidence !== '';
  // Remounts the fields when the URL changes (back button, reset), so they show what the list shows.
  const formKey = `${query.q}|${query.epreuve}|${query.from}|${query.to}|${query.evidence}`;
  return (
    <Paper withBorder p="md" mb="md">
      <Form
        key={formKey}
        method="get"
        action={pathname}
        role="search"
        aria-label={t('admin:filters.label')}
        data-testid="list-filters"
        onSubmit={submit}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            name="q"
            type="search"
            label={t('admin:filters.search')}
            placeholder={t('admin:filters.searchPlaceholder')}
            defaultValue={query.q}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={100}
            style={{ flex: '1 1 16rem' }}
          />
          <FilterFields query={query} withDates={withDates} withEvidence={withEvidence} />
          <KeptOrder list={list} query={query} />
          <Button type="submit" loading={navigation.state === 'loading'}>
            {t('admin:filters.apply')}
          </Button>
          {filtered && (
            <Button
              component={Link}
              to={pathname}
              variant="subtle"
              leftSection={<IconX size={16} aria-hidden />}
            >
              {t('admin:filters.reset')}
            </Button>
          )}
        </Group>
      </Form>
    </Paper>
  );
}

/** "42 candidates", announced when a search or a filter changes it. */
export function ResultCount({ total }: { total: number }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" role="status" data-testid="result-count">
      {t('admin:table.total', { count: total })}
    </Text>
  );
}

export function ListPagination({
  list,
  query,
  total,
}: {
  list: CandidateListId;
  query: ListQuery;
  total: number;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const go = (next: ListQuery) => {
    const params = listSearchParams(list, next).toString();
    void navigate(params ? `${pathname}?${params}` : pathname, { preventScrollReset: true });
  };
  const pages = pageCount(total, query.pageSize);
  return (
    <Group justify="space-between" mt="md" gap="md" wrap="wrap">
      <NativeSelect
        label={t('admin:paging.pageSize')}
        value={String(query.pageSize)}
        onChange={(event) =>
          go({ ...query, page: 1, pageSize: Number(event.currentTarget.value) as ListQuery['pageSize'] })
        }
        data={LIST_PAGE_SIZES.map((size) => String(size))}
        w={140}
      />
      <nav aria-label={t('admin:paging.label')}>
        <Pagination
          total={pages}
          value={Math.min(query.page, pages)}
          onChange={(page) => go({ ...query, page })}
          withEdges
          getItemProps={(page) => ({
            'aria-label': t('admin:paging.page', { page }),
            'aria-current': page === query.page ? 'page' : undefined,
          })}
          getControlProps={(control) => ({ 'aria-label': t(`admin:paging.${control}`) })}
        />
      </nav>
    </Group>
  );
}
