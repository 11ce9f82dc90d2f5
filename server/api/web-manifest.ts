/**
 * The web app manifest in each site language (`/{lang}/manifest.webmanifest`): the club's name and tagline in that
 * language, and a start page in it, so that the site installed from the French pages opens in French. Pages link
 * to the manifest of their own language (app/root.tsx).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { LOCALES, LOCALE_TAGS, type Locale } from '../../domain/locales.ts';
import { CLUB_RED } from '../../domain/brand.ts';
import { translator } from '../i18n.ts';

export function webManifest(locale: Locale) {
  const t = translator(locale, 'common');
  return {
    id: `/${locale}`,
    name: t('site.name'),
    short_name: t('site.shortName'),
    description: t('site.tagline'),
    lang: LOCALE_TAGS[locale],
    start_url: `/${locale}`,
    scope: '/',
    display: 'standalone',
    theme_color: CLUB_RED,
    background_color: '#ffffff',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

const webManifestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:lang/manifest.webmanifest',
    { schema: { hide: true, params: z.object({ lang: z.enum(LOCALES) }) } },
    async (request, reply) =>
      reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(JSON.stringify(webManifest(request.params.lang))),
  );
};

export default webManifestRoutes;
