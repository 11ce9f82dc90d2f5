/**
 * The last resort when there is no network and not even the offline page is kept (the worker has just installed
 * and the first warm-up did not finish): a small page in the rider's language from the same catalogue as the
 * designed one, never the browser's own error.
 */
import { type Locale, LOCALE_TAGS } from '../../domain/locales.ts';
import { offlineLinks } from './offline-scope.ts';

interface OfflineCatalogue {
  heading: string;
  intro: string;
  retry: string;
  kept: string;
  pages: Record<ReturnType<typeof offlineLinks>[number]['label'], string>;
}

const catalogues = import.meta.glob<OfflineCatalogue>('../../locales/*/offline.json', {
  eager: true,
  import: 'default',
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function plainOfflinePage(locale: Locale): Response {
  const text = catalogues[`../../locales/${locale}/offline.json`]!;
  const links = offlineLinks(locale)
    .map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(text.pages[link.label])}</a></li>`)
    .join('');
  const html = `<!doctype html><html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(text.heading)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}a{color:#b3141b}</style>
</head><body><h1>${escapeHtml(text.heading)}</h1><p>${escapeHtml(text.intro)}</p>
<p><a href="">${escapeHtml(text.retry)}</a></p><h2>${escapeHtml(text.kept)}</h2><ul>${links}</ul></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}
