/**
 * Paint first, then hydrate (decision 0029): the page's HTML and CSS reach the screen before its JavaScript is
 * fetched.
 *
 * React Router's `<Scripts>` announces every module of the page as `<link rel="modulepreload">` (hoisted into the
 * head) and starts them from one inline `<script type="module">`. On a phone on a slow network those 50-odd
 * requests share the connection with the stylesheets and delay the first paint of a page that is already complete
 * HTML. This rewrite of the rendered document keeps both inert until the page has been painted:
 *
 * - the module preload links leave the head, and their addresses go to the starter;
 * - the module script becomes a data block (`type="text/x-deferred-module"`), its text unchanged, so the CSP
 *   allows it by the same nonce or hash when it is started;
 * - a small inline starter, after it, re-adds the preloads and runs the module script once the browser has
 *   recorded the page's first contentful paint (at once in a background tab, where nothing is painted, and
 *   after ten seconds should no paint ever be reported).
 *
 * Hydration is unaffected: React matches the data block as the same `<script>` element, and leaves the starter
 * and the nodes it adds alone, like the other trailing scripts of the document.
 */

export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';
/** Longer than a first paint takes even on a slow phone network: a last resort only. */
const NO_PAINT_FALLBACK_MS = 10_000;

const MODULE_PRELOAD = /<link\s[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\shref="([^"]*)"/;
const SCRIPT_TAG = /<script(\s[^>]*)?>/g;
const MODULE_TYPE = /\stype="module"/;
const SRC_ATTRIBUTE = /\ssrc=/;
const ASYNC_ATTRIBUTE = /\sasync(="[^"]*")?/;
const NONCE = /\snonce="([^"]*)"/;

/** React Router's inline module script: the first `type="module"` script without a `src`. */
function inlineModuleScript(html: string): { start: number; openingTag: string; attributes: string } | null {
  for (const match of html.matchAll(SCRIPT_TAG)) {
    const attributes = match[1] ?? '';
    if (MODULE_TYPE.test(attributes) && !SRC_ATTRIBUTE.test(attributes))
      return { start: match.index, openingTag: match[0], attributes };
  }
  return null;
}

/** Runs in the browser, as the text of the starter: it must only use its arguments and the DOM. */
function startAfterFirstPaint(deferredType: string, preloads: string[], noPaintFallbackMs: number) {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? '';
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.nonce = nonce;
      document.head.append(link);
    }
    const deferred = document.querySelector(`script[type="${deferredType}"]`);
    const script = document.createElement('script');
    script.type = 'module';
    script.nonce = nonce;
    script.textContent = deferred?.textContent ?? '';
    document.body.append(script);
  };
  // A hidden tab paints nothing (and may never report a first paint): it hydrates at once, or when hidden.
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  document.addEventListener('visibilitychange', start, { once: true });
  // Should no paint ever be reported, the page still becomes interactive.
  setTimeout(start, noPaintFallbackMs);
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // The browser records the first contentful paint once it is on screen; its observers hear of it just after.
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // Without paint timing: the callback of the first animation frame runs just before that frame is painted,
    // the task after it just after.
    requestAnimationFrame(() => setTimeout(start, 0));
  }
}

/** The starter's text, taken once rather than on every page rendered. */
const STARTER_SOURCE = startAfterFirstPaint.toString();

/** The document with its module scripts held back until the first paint; unchanged when it has none. */
export function deferHydrationUntilPainted(html: string): string {
  const moduleScript = inlineModuleScript(html);
  if (!moduleScript) return html;
  const textStart = moduleScript.start + moduleScript.openingTag.length;
  const textEnd = html.indexOf('</script>', textStart);
  if (textEnd === -1) return html;

  const preloads = [...html.matchAll(MODULE_PRELOAD)]
    .map((link) => HREF.exec(link[0])?.[1]?.replaceAll('&amp;', '&'))
    .filter((href) => href !== undefined);
  const nonce = NONCE.exec(moduleScript.attributes)?.[1];
  const nonceAttribute = nonce === undefined ? '' : ` nonce="${nonce}"`;
  const dataAttributes = moduleScript.attributes
    .replace(MODULE_TYPE, ` type="${DEFERRED_MODULE_TYPE}"`)
    .replace(ASYNC_ATTRIBUTE, '');
  const starterArguments = JSON.stringify([DEFERRED_MODULE_TYPE, preloads, NO_PAINT_FALLBACK_MS]).replaceAll(
    '<',
    '\\u003c',
  );
  const starter = `<script${nonceAttribute}>(${STARTER_SOURCE})(...${starterArguments})</script>`;

  const afterScript = textEnd + '</script>'.length;
  const rewritten =
    html.slice(0, moduleScript.start) +
    `<script${dataAttributes}>` +
    html.slice(textStart, afterScript) +
    starter +
    html.slice(afterScript);
  return rewritten.replace(MODULE_PRELOAD, '');
}
