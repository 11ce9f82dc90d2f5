/**
 * The web app manifest in each site language (`/{lang}/manifest.webmanifest`): the club's name and tagline in that
 * language, and a start page in it, so that the site installed from the French pages opens in French. Pages link
 * to the manifest of their own language (app/root.tsx).
 *
 * Installed on Android, the site is a share target for ride files: the service worker receives the POST and opens
 * "Check my ride" with the file (app/service-worker/). Without a worker (never installed, or removed), the POST
 * reaches this server, which sends the rider to the page to choose the file there.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { LOCALES, LOCALE_TAGS, type Locale } from '../../domain/locales.ts';
import { CLUB_RED } from '../../domain/brand.ts';
import { TRACK_FILE_ACCEPT } from '../../domain/track/file-types.ts';
import { SHARED_FILE_FIELD, shareTargetPath } from '../../contracts/service-worker.ts';
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
    share_target: {
      action: shareTargetPath(locale),
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: SHARED_FILE_FIELD, accept: [...TRACK_FILE_ACCEPT] }] },
    },
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

  // The share target's POST when no service worker took it: the file is not read (nothing is kept), the rider
  // lands on "Check my ride", which says the file did not arrive and offers to choose it.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));
  app.post(
    '/:lang/track-check/share',
    { schema: { hide: true, params: z.object({ lang: z.enum(LOCALES) }) } },
    async (request, reply) => reply.redirect(`/${request.params.lang}/track-check?shared=none`, 303),
  );
};

export default webManifestRoutes;
