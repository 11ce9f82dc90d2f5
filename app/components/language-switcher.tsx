/**
 * The language switcher: keeps the current page and query, remembers the choice in the `i18n` cookie for a
 * year, and loads the page anew so every text is rendered by the server in the new language.
 */
import { Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LOCALES, LOCALE_NAMES, LOCALE_TAGS, type Locale } from '../../domain/locales.ts';
import { flagFile } from '../../contracts/flags.ts';
import { rememberLocale } from '../lib/preferences.ts';
import { DisclosureItem, HeaderDisclosure } from './header-disclosure.tsx';
import classes from './site-header.module.css';
import { pathWithoutLocale } from './seo.tsx';

/**
 * `lazy` for the flags of the closed list: the browser then fetches them only when the list is opened. Low priority
 * for all: React would otherwise preload the header's flag ahead of the stylesheet that holds the first paint.
 */
function Flag({ locale, lazy = false }: { locale: Locale; lazy?: boolean }) {
  return (
    <img
      src={flagFile(locale)}
      alt=""
      width={20}
      height={15}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority="low"
      style={{ display: 'block', borderRadius: 2 }}
    />
  );
}

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = i18n.language as Locale;
  const rest = pathWithoutLocale(location.pathname) + location.search + location.hash;
  return (
    <HeaderDisclosure
      label={t('nav.chooseLanguage', { language: LOCALE_NAMES[current] })}
      heading={t('nav.language')}
      triggerProps={{ className: classes.languageButton, 'data-testid': 'language-switcher' }}
      trigger={
        <Group gap={6} wrap="nowrap">
          <Flag locale={current} />
          {current.toUpperCase()}
          <IconChevronDown size={14} aria-hidden />
        </Group>
      }
    >
      {() =>
        LOCALES.map((locale) => (
          <DisclosureItem
            key={locale}
            kind="anchor"
            href={`/${locale}${rest}`}
            hrefLang={LOCALE_TAGS[locale]}
            lang={LOCALE_TAGS[locale]}
            icon={<Flag locale={locale} lazy />}
            aria-current={locale === current ? 'true' : undefined}
            onClick={() => rememberLocale(locale)}
            data-remember-locale={locale}
          >
            {LOCALE_NAMES[locale]}
          </DisclosureItem>
        ))
      }
    </HeaderDisclosure>
  );
}
