/**
 * Title, description, canonical and hreflang links and Open Graph tags of a page. React 19 hoists these
 * elements into <head>, on the server and in the browser.
 */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LOCALES, LOCALE_TAGS } from '../../domain/locales.ts';
import { useRootData } from '../lib/root-data.ts';

export function pathWithoutLocale(pathname: string): string {
  return pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '');
}

export function Seo({
  title,
  description,
  noindex,
}: {
  title: string;
  description?: string;
  noindex?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const origin = useRootData()?.settings.publicUrl ?? '';
  const rest = pathWithoutLocale(pathname);
  const siteName = t('common:site.name');
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
  const url = `${origin}/${i18n.language}${rest}`;
  return (
    <>
      <title>{fullTitle}</title>
      {description && <meta name="description" content={description} />}
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={url} />
      {LOCALES.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={LOCALE_TAGS[locale]}
          href={`${origin}/${locale}${rest}`}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}/fr${rest}`} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title} />
      {description && <meta property="og:description" content={description} />}
      <meta property="og:url" content={url} />
      <meta property="og:image" content={`${origin}/og-image.png`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta
        property="og:locale"
        content={LOCALE_TAGS[i18n.language as keyof typeof LOCALE_TAGS]?.replace('-', '_')}
      />
    </>
  );
}
