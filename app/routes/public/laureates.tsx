/**
 * The ranking of laureates: one row per homologation, server-rendered from the address (search, filters, sort,
 * page), so any view can be shared and reloaded as it is. Administrators see each rider's full birth date where
 * the public sees the year (decision 0020); their pages are never kept by the page cache.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import { requestContext } from '#request-context';
import { today } from '../../../domain/dates.ts';
import { canNow } from '../../../domain/permissions.ts';
import { laureatesQuery, readLaureatesQuery } from '../../../domain/schemas/laureates.ts';
import { localeOr } from '../../../domain/locales.ts';
import { LaureatesFilters } from '../../components/laureates/laureates-filters.tsx';
import { LaureatesPagination, LaureatesSummary } from '../../components/laureates/laureates-pagination.tsx';
import { LaureatesTable } from '../../components/laureates/laureates-table.tsx';
import { laureatesSearch } from '../../components/laureates/url-state.ts';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import type { Route } from './+types/laureates';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';

/** Complete HTML that works without scripts (docs/decisions/0041-pages-without-scripts.md). */
export const handle = WITHOUT_CLIENT;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, user } = context.get(requestContext);
  const searchParams = new URL(request.url).searchParams;
  const query = readLaureatesQuery(searchParams);
  // The filter form, sent without scripts, names every field, empty or at its default: the address is brought
  // back to the view's own (what the form's script sends), so every view has one address to share and to cache.
  const canonical = laureatesSearch(query);
  const asked = new URLSearchParams([...searchParams].filter(([key]) => key in laureatesQuery.shape));
  if (`${asked}` !== canonical.slice(1)) throw redirect(`/${localeOr(params.lang)}/laureates${canonical}`);
  const [result, countries] = await Promise.all([
    services.laureates.list(query),
    services.laureates.countries(),
  ]);
  const [birthDates, flags] = await Promise.all([
    user && canNow(user, 'homologations.read')
      ? services.laureates.birthDates(result.items.map((row) => row.laureateId))
      : null,
    services.flags.sources(result.items.flatMap((row) => (row.pays ? [row.pays] : []))),
  ]);
  return { view: query, result, countries, birthDates, flags, lastYear: Number(today().slice(0, 4)) };
}

export default function LaureatesPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { view, result, countries, birthDates, flags, lastYear } = loaderData;
  const pastTheEnd = result.items.length === 0 && result.total > 0;
  return (
    <>
      <PublicIntro namespace="laureates" />
      <Stack gap="lg">
        <LaureatesFilters key={laureatesSearch(view)} view={view} lastYear={lastYear} countries={countries} />
        <LaureatesSummary view={view} shown={result.items.length} total={result.total} />
        {pastTheEnd && (
          <Stack gap="xs" align="flex-start">
            <Text>{t('laureates:pastTheEnd')}</Text>
            <Button
              component={Link}
              to={`/${i18n.language}/laureates${laureatesSearch({ ...view, page: 1 })}`}
            >
              {t('laureates:firstPage')}
            </Button>
          </Stack>
        )}
        {result.items.length > 0 && (
          <LaureatesTable view={view} rows={result.items} birthDates={birthDates} flags={flags} />
        )}
        <LaureatesPagination view={view} total={result.total} />
      </Stack>
    </>
  );
}
