/** The pages of the ranking as links (each page has its own address), with the rows shown and the total. */
import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type LaureatesView, laureatesSearch, rowRange } from './url-state.ts';
import { useFormat } from '../../lib/format.ts';

export function LaureatesSummary({
  view,
  shown,
  total,
}: {
  view: LaureatesView;
  shown: number;
  total: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { from, to } = rowRange(view.page, view.pageSize, shown);
  return (
    <Text fw={600} role="status" data-testid="laureates-summary">
      {shown === 0 && total === 0
        ? t('laureates:empty')
        : t('laureates:summary', {
            from: format.number(from),
            to: format.number(to),
            total: format.number(total),
          })}
    </Text>
  );
}

export function LaureatesPagination({ view, total }: { view: LaureatesView; total: number }) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / view.pageSize));
  const basePath = `/${i18n.language}/laureates`;
  const hrefOf = (page: number) => `${basePath}${laureatesSearch({ ...view, page })}`;
  if (pages <= 1) return null;
  const current = Math.min(view.page, pages);
  return (
    <Group component="nav" aria-label={t('laureates:pagination.label')} justify="center" mt="md">
      <Pagination
        total={pages}
        value={current}
        siblings={1}
        boundaries={1}
        color="club.8"
        getItemProps={(page) => ({
          component: Link,
          to: hrefOf(page),
          preventScrollReset: false,
          'aria-label': t('laureates:pagination.page', { page }),
          'aria-current': page === view.page ? 'page' : undefined,
        })}
        getControlProps={(control) => {
          if (control === 'previous')
            return current > 1
              ? { component: Link, to: hrefOf(current - 1), 'aria-label': t('laureates:pagination.previous') }
              : { 'aria-label': t('laureates:pagination.previous') };
          if (control === 'next')
            return current < pages
              ? { component: Link, to: hrefOf(current + 1), 'aria-label': t('laureates:pagination.next') }
              : { 'aria-label': t('laureates:pagination.next') };
          return {};
        }}
        data-testid="laureates-pagination"
      />
    </Group>
  );
}
