/**
 * The starter of a page without the client (docs/decisions/0041-pages-without-scripts.md). It runs in the browser
 * as an inline script: the server writes it before `</body>` (page-without-client.server.ts), bundled and
 * minified at build time (`?inline-script`, scripts/vite-plugins.ts), with the page's settings in the script
 * element's `data-config`.
 *
 * It remembers the language chosen in the language list and the notices dismissed (the cookies
 * app/lib/preferences.ts writes on pages with the client), signs out from the account list, switches a statistics
 * chart to its table, shows or hides a password, puts the focus on a refused form's first invalid field, applies a
 * filter form's select at once, keeps each popover's button telling assistive technology whether its panel is
 * open, and registers the service worker once the page has loaded and the browser is idle.
 */
import { DISMISSED_COOKIE, LOCALE_COOKIE, PREFERENCE_COOKIE_MAX_AGE } from '../../contracts/cookies.ts';
import { PERSONAL_CACHES } from '../../contracts/service-worker.ts';

/** What the server tells the starter, as JSON in its script element's `data-config`. */
export interface StarterConfig {
  /** The service worker to register, or null where there is none (development). */
  serviceWorkerUrl: string | null;
  locale: string;
}

/** Remembers the language chosen in the language list and the notices dismissed, in their cookies. */
function rememberChoices() {
  const remember = (name: string, value: string) => {
    document.cookie = `${name}=${value}; Max-Age=${PREFERENCE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
  };
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const language = target?.closest<HTMLElement>('[data-remember-locale]');
    if (language) remember(LOCALE_COOKIE, language.dataset.rememberLocale ?? '');
    // Any button of a notice dismisses it (the cross, "Got it").
    const notice = target?.closest('button')?.closest<HTMLElement>('[data-dismiss]');
    if (!notice) return;
    const current = new RegExp(`(?:^|; )${DISMISSED_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
    const items = new Set((current ? decodeURIComponent(current) : '').split('.').filter(Boolean));
    items.add(notice.dataset.dismiss ?? '');
    remember(DISMISSED_COOKIE, [...items].join('.'));
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
      // As app/lib/sign-out.ts: revoke the session, forget the shared ride and the kept route card, go home even if
      // the call failed.
      void fetch('/api/logout', { method: 'POST', credentials: 'same-origin' })
        .catch(() => undefined)
        .then(() => Promise.all(PERSONAL_CACHES.map((name) => globalThis.caches?.delete(name))))
        .catch(() => undefined)
        .then(() => location.assign(`/${config.locale}`));
    }
  });
}

/** Forms and popovers as on pages with the client. */
function enhanceFormsAndPopovers() {
  // A form the server sent back refused: its error summary keeps the focus its `autofocus` gave it (it names and
  // links every field at fault); without one, the first invalid field takes it (app/lib/zod-form.ts), so that a
  // screen reader announces it with its error.
  const summary = document.querySelector<HTMLElement>('form [data-error-summary]');
  const invalid = document.querySelector<HTMLElement>(
    'form [data-path][data-error="true"], form [data-path][aria-invalid="true"]',
  );
  const focusable = 'input:not([type="hidden"]), select, textarea, button';
  if (summary) summary.focus();
  else (invalid?.matches(focusable) ? invalid : invalid?.querySelector<HTMLElement>(focusable))?.focus();
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

const script = document.currentScript;
const config = JSON.parse(script?.dataset.config ?? 'null') as StarterConfig | null;
if (config) {
  rememberChoices();
  switchStatisticsViews();
  answerButtons(config);
  enhanceFormsAndPopovers();
  registerServiceWorker(config);
}
