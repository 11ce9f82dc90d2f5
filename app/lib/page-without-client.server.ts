/**
 * What a page without the client (app/lib/page-client.ts) still carries, added to its rendered document before
 * `</body>` (docs/decisions/0041-pages-without-scripts.md):
 *
 * - **Speculation Rules** (`<script type="speculationrules">`, JSON the browser reads, not a script that runs):
 *   the other pages without the client, in the page's language, are prefetched when a link to them is hovered or
 *   touched, and those of the header are prerendered, so moving between them stays instant as full page loads.
 *   Pages with the client are left out: the browser loads them, and their scripts, when they are opened.
 * - **A small inline starter** (page-starter.ts, minified at build time) under the response's nonce (or, on a
 *   kept page, its hash), with the page's settings in its element's `data-config`: it registers the service
 *   worker and keeps the preferences, the popovers, the password buttons and the statistics' switches working.
 * - **Its small stylesheets written in** (app/lib/inline-stylesheets.server.ts), in production.
 * - **Islands**: a piece that needs a script of its own (the map's "Show where I am", passkeys) is inlined after the starter,
 *   minified the same way, only on a page that holds it.
 */
import type { Locale } from '../../domain/locales.ts';
import { PAGES } from '../../domain/pages.ts';
import { SERVICE_WORKER_URL } from '../../contracts/service-worker.ts';
import { LOCATE_MARKER } from '../components/map/locate-config.ts';
import LOCATE_ISLAND from '../components/map/locate-island.ts?inline-script';
import { PASSKEY_MARKER } from '../components/passkeys/passkey-config.ts';
import PASSKEY_ISLAND from '../components/passkeys/passkey-island.ts?inline-script';
import { type StylesheetReader, inlineSmallStylesheets } from './inline-stylesheets.server.ts';
import { type PageHandle, WITHOUT_CLIENT_ATTRIBUTE } from './page-client.ts';
import STARTER from './page-starter.ts?inline-script';
import type { StarterConfig } from './page-starter.ts';

type RouteModules = Record<string, { handle?: unknown } | undefined>;

/** The address patterns (URLPattern syntax) of the pages whose module declares no client, in one language. */
export function pagesWithoutClient(routeModules: RouteModules, locale: Locale): string[] {
  return PAGES.filter(
    (page) => (routeModules[page.id]?.handle as PageHandle | undefined)?.client === false,
  ).map((page) => (page.path ? `/${locale}/${page.path.replace(/:[^/]+/g, '*')}` : `/${locale}`));
}

/** Prefetch on hover or touch (`moderate`), prerender the header's links the same way (the likeliest next page). */
export function speculationRules(patterns: string[]) {
  const publicPages = { href_matches: patterns };
  // A link carrying a token (a guardian's or a reset link) is a personal page: never fetched ahead.
  const withoutToken = { not: { href_matches: '*\\?*token=*' } };
  return {
    prerender: [
      {
        where: { and: [publicPages, withoutToken, { selector_matches: 'header a' }] },
        eagerness: 'moderate',
      },
    ],
    prefetch: [{ where: { and: [publicPages, withoutToken] }, eagerness: 'moderate' }],
  };
}

/**
 * Islands: a piece of a page that truly needs a script of its own, inlined only on a page that holds its marker
 * (an attribute the piece renders). Each reads its settings from the page and enhances the server's HTML.
 */
const ISLANDS = [
  { marker: `${LOCATE_MARKER}=`, source: LOCATE_ISLAND },
  { marker: `${PASSKEY_MARKER}=`, source: PASSKEY_ISLAND },
];

const jsonInScript = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');
const jsonInAttribute = (value: unknown) =>
  JSON.stringify(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The document of a page without the client, completed; any other document unchanged. */
export function completePageWithoutClient(
  html: string,
  options: {
    nonce: string | undefined;
    locale: Locale;
    routeModules: RouteModules;
    serviceWorker: boolean;
    /** The build's stylesheets, in production: the small ones are written into the page. */
    stylesheets?: StylesheetReader;
  },
): string {
  if (!html.includes(`${WITHOUT_CLIENT_ATTRIBUTE}=`)) return html;
  const end = html.lastIndexOf('</body>');
  if (end === -1) return html;
  const nonce = options.nonce ? ` nonce="${options.nonce}"` : '';
  const rules = speculationRules(pagesWithoutClient(options.routeModules, options.locale));
  const config: StarterConfig = {
    serviceWorkerUrl: options.serviceWorker ? SERVICE_WORKER_URL : null,
    locale: options.locale,
  };
  const added =
    `<script type="speculationrules"${nonce}>${jsonInScript(rules)}</script>` +
    `<script${nonce} data-config="${jsonInAttribute(config)}">${STARTER}</script>` +
    ISLANDS.filter((island) => html.includes(island.marker))
      .map((island) => `<script${nonce}>${island.source}</script>`)
      .join('');
  const completed = html.slice(0, end) + added + html.slice(end);
  return options.stylesheets ? inlineSmallStylesheets(completed, options.stylesheets) : completed;
}
