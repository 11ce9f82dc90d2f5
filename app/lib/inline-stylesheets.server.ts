/**
 * On a page without the client, the build's small stylesheets are written into the document instead of linked
 * (docs/decisions/0041-pages-without-scripts.md). Each linked stylesheet blocks the first paint and, on a phone
 * network, costs a connection and a round trip of its own; a page's own styles and its components' are 1–3 KB
 * each, less than what the round trip costs. The layout's stylesheet (Mantine's base and the site's, about 90 KB)
 * stays a file: every page shares it from the browser's cache. Astro's `inlineStylesheets: 'auto'` draws the same
 * line.
 */
import fs from 'node:fs';
import path from 'node:path';

/** At or below this size (bytes, before compression) a stylesheet is written into the page. */
export const INLINE_STYLESHEET_MAX_BYTES = 4096;

/** The text of a build stylesheet by its address (`/assets/x.css`), or undefined if it is not one. */
export type StylesheetReader = (href: string) => string | undefined;

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/g;

/** The document with each small build stylesheet's link replaced by a `<style>` holding it, in the same place. */
export function inlineSmallStylesheets(html: string, read: StylesheetReader): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = read(href);
    if (css === undefined || Buffer.byteLength(css) > INLINE_STYLESHEET_MAX_BYTES) return link;
    // A stylesheet cannot close the element: the build's CSS never holds `</style`, but a stray one stays linked.
    return /<\/style/i.test(css) ? link : `<style>${css}</style>`;
  });
}

/**
 * Reads the client build's stylesheets (`build/client/assets`), each once: their names carry a hash, so a file's
 * text never changes while the process runs.
 */
export function buildStylesheetReader(clientDirectory: string): StylesheetReader {
  const texts = new Map<string, string | undefined>();
  return (href) => {
    if (!texts.has(href)) {
      const file = path.join(clientDirectory, href);
      const inside = file.startsWith(path.join(clientDirectory, 'assets') + path.sep);
      texts.set(href, inside && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
    }
    return texts.get(href);
  };
}
