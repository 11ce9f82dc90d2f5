/**
 * What search engines read besides the pages: `/sitemap.xml` lists every page marked `sitemap` in the page
 * registry, in every locale, with its language alternates; `/robots.txt` points to it and keeps the private
 * areas out. Both are built from the registry and the public URL, so a new public page needs no change here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { PAGES, type Page } from '../../domain/pages.ts';
import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS } from '../../domain/locales.ts';

/** Areas behind a sign-in: nothing there is meant for an index. */
const PRIVATE_AREAS = ['administration', 'account'];

const ONE_HOUR = 'public, max-age=3600';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The same address the page's canonical link gives: `/{locale}` for home, `/{locale}/{path}` otherwise. */
export function pageUrl(publicUrl: string, locale: string, page: Pick<Page, 'path'>): string {
  return page.path ? `${publicUrl}/${locale}/${page.path}` : `${publicUrl}/${locale}`;
}

export function buildSitemap(publicUrl: string, pages: readonly Page[] = PAGES): string {
  const listed = pages.filter((page) => page.sitemap);
  const entries = listed.flatMap((page) => {
    const alternates = [
      ...LOCALES.map(
        (locale) =>
          `    <xhtml:link rel="alternate" hreflang="${LOCALE_TAGS[locale]}" href="${escapeXml(pageUrl(publicUrl, locale, page))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(publicUrl, DEFAULT_LOCALE, page))}"/>`,
    ].join('\n');
    return LOCALES.map(
      (locale) =>
        `  <url>\n    <loc>${escapeXml(pageUrl(publicUrl, locale, page))}</loc>\n${alternates}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export function buildRobots(publicUrl: string): string {
  const disallowed = PRIVATE_AREAS.flatMap((area) => [`Disallow: /*/${area}`, `Disallow: /${area}`]);
  return ['User-agent: *', ...disallowed, 'Allow: /', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

const seo: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  // Built once: both depend only on the registry and the configuration.
  const sitemap = buildSitemap(publicUrl);
  const robots = buildRobots(publicUrl);

  app.get(
    '/sitemap.xml',
    { schema: { hide: true, response: { 200: z.string() } } },
    async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', ONE_HOUR).send(sitemap),
  );

  app.get('/robots.txt', { schema: { hide: true, response: { 200: z.string() } } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', ONE_HOUR).send(robots),
  );
};

export default seo;
