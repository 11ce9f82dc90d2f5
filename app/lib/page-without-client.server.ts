/**
 * What a page without the client (app/lib/page-client.ts) still carries, added to its rendered document before
 * `</body>` (docs/decisions/0041-pages-without-scripts.md):
 *
 * - **Speculation Rules** (`<script type="speculationrules">`, JSON the browser reads, not a script that runs):
 *   the other pages without the client, in the page's language, are prefetched when a link to them is hovered or
 *   touched, and those of the header are prerendered, so moving between them stays instant as full page loads.
 *   Pages with the client are left out: the browser loads them, and their scripts, when they are opened.
 * - **A small inline starter** under the response's nonce (or, on a kept page, its hash): it registers the
 *   service worker once the page has loaded and the browser is idle, and asks it to keep the offline pages of this
 *   language; it remembers the language chosen in the language list and the notices dismissed (the cookies
 *   app/lib/preferences.ts writes on pages with the client), signs out from the account list, switches a statistics
 *   chart to its table, shows or hides a password, puts the focus on a refused form's first invalid field, applies a filter form's select at once, and keeps each
 *   popover's button telling assistive technology whether its panel is open.
 * - **Its small stylesheets written in** (app/lib/inline-stylesheets.server.ts), in production.
 * - **Islands**: a piece that needs a script of its own (the map's "Show where I am") is inlined after the starter,
 *   only on a page that holds it.
 */
import type { Locale } from '../../domain/locales.ts';
import { PAGES } from '../../domain/pages.ts';
import { DISMISSED_COOKIE, LOCALE_COOKIE, PREFERENCE_COOKIE_MAX_AGE } from '../../contracts/cookies.ts';
import { SERVICE_WORKER_URL } from '../../contracts/service-worker.ts';
import { SHARED_FILE_CACHE } from '../service-worker/offline-scope.ts';
import { LOCATE_MARKER, locateOnMap } from '../components/map/locate-island.ts';
import { type StylesheetReader, inlineSmallStylesheets } from './inline-stylesheets.server.ts';
import { type PageHandle, WITHOUT_CLIENT_ATTRIBUTE } from './page-client.ts';

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

interface StarterConfig {
  serviceWorkerUrl: string | null;
  locale: string;
  localeCookie: string;
  dismissedCookie: string;
  maxAge: number;
  sharedRideCache: string;
}

/*
 * The starter's parts. Each runs in the browser as text (STARTER_SOURCE): it must only use its argument and the DOM,
 * and it names nothing outside itself.
 */

/** Remembers the language chosen in the language list and the notices dismissed, in their cookies. */
function rememberChoices(config: StarterConfig) {
  const remember = (name: string, value: string) => {
    document.cookie = `${name}=${value}; Max-Age=${config.maxAge}; Path=/; SameSite=Lax`;
  };
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const language = target?.closest<HTMLElement>('[data-remember-locale]');
    if (language) remember(config.localeCookie, language.dataset.rememberLocale ?? '');
    // Any button of a notice dismisses it (the cross, "Got it").
    const notice = target?.closest('button')?.closest<HTMLElement>('[data-dismiss]');
    if (!notice) return;
    const current = new RegExp(`(?:^|; )${config.dismissedCookie}=([^;]*)`).exec(document.cookie)?.[1];
    const items = new Set((current ? decodeURIComponent(current) : '').split('.').filter(Boolean));
    items.add(notice.dataset.dismiss ?? '');
    remember(config.dismissedCookie, [...items].join('.'));
    notice.remove();
  });
}

/** A statistics section's switch between its chart and its table (app/components/stats/chart-section.tsx). */
function switchStatisticsViews() {
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const viewSwitch = target?.closest<HTMLElement>('[data-switches-view]');
    const section = viewSwitch?.closest<HTMLElement>('[data-view]');
    if (!viewSwitch || !section) return;
    const showTable = section.dataset.view !== 'table';
    section.dataset.view = showTable ? 'table' : 'chart';
    viewSwitch.setAttribute('aria-expanded', String(showTable));
    const label = showTable ? viewSwitch.dataset.labelChart : viewSwitch.dataset.labelTable;
    const text = viewSwitch.querySelector('.mantine-Button-label') ?? viewSwitch;
    text.textContent = label ?? '';
    // Shown, the table's box scrolls and takes the focus, named like the section.
    const box = section.querySelector<HTMLElement>('[data-table-box]');
    if (box && showTable) {
      box.tabIndex = 0;
      box.setAttribute('role', 'group');
      box.setAttribute('aria-label', box.dataset.tableBox ?? '');
    } else if (box) {
      for (const attribute of ['tabindex', 'role', 'aria-label']) box.removeAttribute(attribute);
    }
  });
}

/** Shows or hides a password (app/components/forms/password-input.tsx); signs out from the account list. */
function answerButtons(config: StarterConfig) {
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const reveal = target?.closest<HTMLElement>('[data-reveals-password]');
    const field = reveal?.closest('.mantine-PasswordInput-root')?.querySelector('input');
    if (reveal && field) {
      const show = field.type === 'password';
      field.type = show ? 'text' : 'password';
      reveal.setAttribute('aria-pressed', String(show));
    }
    if (target?.closest('[data-sign-out]')) {
      // As app/lib/sign-out.ts: revoke the session, forget the shared ride, go home even if the call failed.
      void fetch('/api/logout', { method: 'POST', credentials: 'same-origin' })
        .catch(() => undefined)
        .then(() => globalThis.caches?.delete(config.sharedRideCache))
        .catch(() => undefined)
        .then(() => location.assign(`/${config.locale}`));
    }
  });
}

/** Forms and popovers as on pages with the client. */
function enhanceFormsAndPopovers() {
  // A form the server sent back refused: its first invalid field takes the focus (app/lib/zod-form.ts), so that
  // a screen reader announces it with its error.
  const invalid = document.querySelector<HTMLElement>(
    'form [data-path][data-error="true"], form [data-path][aria-invalid="true"]',
  );
  const focusable = 'input:not([type="hidden"]), select, textarea, button';
  (invalid?.matches(focusable) ? invalid : invalid?.querySelector<HTMLElement>(focusable))?.focus();
  // A select of a filter form applies at once.
  document.addEventListener('change', (event) => {
    const select = event.target instanceof HTMLSelectElement ? event.target : null;
    if (select?.form?.hasAttribute('data-submit-on-change')) select.form.requestSubmit();
  });
  // A popover's button says whether its panel is open (`toggle` does not bubble: heard while it descends).
  document.addEventListener(
    'toggle',
    (event) => {
      const panel = event.target;
      if (!(panel instanceof HTMLElement) || !panel.id || !('newState' in event)) return;
      for (const button of document.querySelectorAll(`[popovertarget="${panel.id}"][aria-expanded]`))
        button.setAttribute('aria-expanded', String(event.newState === 'open'));
    },
    true,
  );
}

/** Registers the service worker once the page has loaded and the browser is idle; it keeps the offline pages. */
function registerServiceWorker(config: StarterConfig) {
  const serviceWorkerUrl = config.serviceWorkerUrl;
  if (!serviceWorkerUrl || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(serviceWorkerUrl, { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: 'warm', locale: config.locale }))
      .catch(() => {
        // Refused (private window, blocked by policy): the site works online as it always did.
      });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

const STARTER_PARTS = [
  rememberChoices,
  switchStatisticsViews,
  answerButtons,
  enhanceFormsAndPopovers,
  registerServiceWorker,
];

/** One function the page calls with its settings: the parts, then a call of each. */
const STARTER_SOURCE = `function startPageWithoutClient(config) {
${STARTER_PARTS.map(String).join('\n')}
${STARTER_PARTS.map((part) => `${part.name}(config);`).join('\n')}
}`;

/**
 * Islands: a piece of a page that truly needs a script of its own, inlined only on a page that holds its marker
 * (an attribute the piece renders). Each reads its settings from the page and enhances the server's HTML.
 */
const ISLANDS = [{ marker: `${LOCATE_MARKER}=`, source: locateOnMap.toString() }];

const jsonInScript = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

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
    localeCookie: LOCALE_COOKIE,
    dismissedCookie: DISMISSED_COOKIE,
    maxAge: PREFERENCE_COOKIE_MAX_AGE,
    sharedRideCache: SHARED_FILE_CACHE,
  };
  const added =
    `<script type="speculationrules"${nonce}>${jsonInScript(rules)}</script>` +
    `<script${nonce}>(${STARTER_SOURCE})(${jsonInScript(config)})</script>` +
    ISLANDS.filter((island) => html.includes(island.marker))
      .map((island) => `<script${nonce}>(${island.source})()</script>`)
      .join('');
  const completed = html.slice(0, end) + added + html.slice(end);
  return options.stylesheets ? inlineSmallStylesheets(completed, options.stylesheets) : completed;
}
