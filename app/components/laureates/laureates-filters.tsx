/**
 * Search box, filters and page size of the ranking: a plain GET form, so the view is in the address and the
 * form works before the scripts load; with scripts, changing a select applies it at once.
 */
import { Button, Grid, Group, NativeSelect, type NativeSelectProps, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigate } from 'react-router';
import { countryOptions } from '../../../domain/countries.ts';
import { type Locale, localeOr } from '../../../domain/locales.ts';
import {
  DEFAULT_LAUREATE_SORT,
  FIRST_RIDE_YEAR,
  LAUREATE_PAGE_SIZES,
  formatLaureateSort,
} from '../../../domain/laureate-view.ts';
import { CHALLENGE_IDS } from '../../../domain/ventoux.ts';
import { type LaureatesView, filteredView, laureatesSearch } from './url-state.ts';

/** How the form applies with scripts: `apply` for the whole form, `applyNow` for a select. */
function useApplyFilters(locale: Locale) {
  const navigate = useNavigate();
  /** With scripts, the address gets only the parameters that differ from the defaults. */
  const apply = (form: HTMLFormElement) => {
    const values = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') values.set(key, value);
    void navigate(`/${locale}/laureates${laureatesSearch(filteredView(values))}`, {
      preventScrollReset: true,
    });
  };
  /** Selects apply at once; the search box waits for Enter or the button. */
  const applyNow = (event: React.ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.form) apply(event.currentTarget.form);
  };
  return { apply, applyNow };
}

/** The search box of the ranking. */
function SearchField({ defaultValue }: { defaultValue: string }) {
  const { t } = useTranslation();
  return (
    <Grid.Col span={{ base: 12, md: 4 }}>
      <TextInput
        name="q"
        type="search"
        label={t('laureates:search.label')}
        placeholder={t('laureates:search.placeholder')}
        defaultValue={defaultValue}
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={100}
        data-testid="laureates-search"
      />
    </Grid.Col>
  );
}

/** Search, and back to the whole ranking. */
function FilterActions({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Group mt="sm" gap="sm">
      <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} data-testid="laureates-submit">
        {t('laureates:search.submit')}
      </Button>
      <Button component={Link} to={`/${locale}/laureates`} variant="subtle" color="gray">
        {t('laureates:filters.reset')}
      </Button>
    </Group>
  );
}

/** The countries the ranking holds (and the one asked for, even if none is left there), in the usual order. */
function offeredCountries(locale: Locale, countries: readonly string[], asked: string | undefined) {
  const offered = new Set(asked ? [...countries, asked] : countries);
  return countryOptions(locale).filter((option) => offered.has(option.value));
}

/** One of the form's selects: a change applies the form at once (without the client, the starter sends it). */
function FilterSelect({
  testId,
  ...select
}: Pick<NativeSelectProps, 'name' | 'label' | 'defaultValue' | 'data'> & {
  onChange: NativeSelectProps['onChange'];
  testId: string;
}) {
  return (
    <Grid.Col span={{ base: 6, md: 2 }}>
      <NativeSelect {...select} data-testid={testId} />
    </Grid.Col>
  );
}

export function LaureatesFilters({
  view,
  lastYear,
  countries,
}: {
  view: LaureatesView;
  lastYear: number;
  /** The countries of the shown laureates: any other would show an empty table. */
  countries: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOr(i18n.language);
  const years: string[] = [];
  for (let year = lastYear; year >= FIRST_RIDE_YEAR; year--) years.push(String(year));
  const sort = formatLaureateSort(view.sort);
  const { apply, applyNow } = useApplyFilters(locale);

  return (
    <Form
      method="get"
      // On the page without the client, its starter submits the form when a select changes.
      data-submit-on-change
      role="search"
      aria-label={t('laureates:filters.legend')}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      {sort !== formatLaureateSort(DEFAULT_LAUREATE_SORT) && <input type="hidden" name="sort" value={sort} />}
      <Grid gap="sm">
        <SearchField defaultValue={view.q ?? ''} />
        <FilterSelect
          name="epreuve"
          label={t('laureates:filters.epreuve')}
          defaultValue={view.epreuve ?? ''}
          onChange={applyNow}
          data={[
            { value: '', label: t('laureates:filters.allChallenges') },
            ...CHALLENGE_IDS.map((id) => ({ value: id, label: t(`laureates:challenges.${id}`) })),
          ]}
          testId="filter-epreuve"
        />
        <FilterSelect
          name="pays"
          label={t('laureates:filters.pays')}
          defaultValue={view.pays ?? ''}
          onChange={applyNow}
          data={[
            { value: '', label: t('laureates:filters.allCountries') },
            ...offeredCountries(locale, countries, view.pays),
          ]}
          testId="filter-pays"
        />
        <FilterSelect
          name="year"
          label={t('laureates:filters.year')}
          defaultValue={view.year ? String(view.year) : ''}
          onChange={applyNow}
          data={[{ value: '', label: t('laureates:filters.allYears') }, ...years]}
          testId="filter-year"
        />
        <FilterSelect
          name="pageSize"
          label={t('laureates:filters.pageSize')}
          defaultValue={String(view.pageSize)}
          onChange={applyNow}
          data={LAUREATE_PAGE_SIZES.map(String)}
          testId="page-size"
        />
      </Grid>
      <FilterActions locale={locale} />
    </Form>
  );
}
