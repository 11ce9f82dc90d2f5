/**
 * The project's two Vite plugins, used by the build (vite.config.ts) and the unit tests (vitest.config.ts).
 *
 * - `virtual:theme.css`: the CSS Mantine's provider would write into every page (app/lib/theme-stylesheet.ts).
 * - `?inline-script`: a browser module imported as the text of a classic inline script: bundled with what it
 *   imports, wrapped so that it names nothing global, and minified (Rolldown, Vite's own bundler). A page without
 *   the client carries such scripts instead of script files (docs/decisions/0041-pages-without-scripts.md).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import type { Plugin } from 'vite';
import { themeStylesheet } from '../app/lib/theme-stylesheet.ts';

const THEME_ID = 'virtual:theme.css';
/**
 * Where the theme's CSS seems to live: never written, but a file path (not a `\0` id) lets React Router's
 * development server collect it with the other stylesheets a page without the client needs.
 */
const THEME_FILE = fileURLToPath(new URL('../app/styles/theme.generated.css', import.meta.url));
const INLINE_SCRIPT = '?inline-script';

export function themeStylesheetPlugin(): Plugin {
  return {
    name: 'theme-stylesheet',
    resolveId(source) {
      const [file = '', query] = source.split('?');
      if (source === THEME_ID) return THEME_FILE;
      // The development server asks again by address (`/app/styles/…`), with queries such as `?inline`.
      if (THEME_FILE.endsWith(file) && file.endsWith('/theme.generated.css'))
        return query ? `${THEME_FILE}?${query}` : THEME_FILE;
      return undefined;
    },
    load: (id) => (id.split('?')[0] === THEME_FILE ? themeStylesheet() : undefined),
  };
}

export function inlineScriptPlugin(): Plugin {
  return {
    name: 'inline-script',
    async load(id) {
      if (!id.endsWith(INLINE_SCRIPT)) return undefined;
      const input = id.slice(0, -INLINE_SCRIPT.length);
      const { output } = await build({
        input,
        write: false,
        platform: 'browser',
        transform: { target: 'es2022' },
        output: { format: 'iife', minify: true },
      });
      const [chunk] = output;
      for (const file of chunk.moduleIds) this.addWatchFile(file);
      const code = chunk.code.trim();
      // Written inside a <script> element: its text must not end it.
      if (/<\/script/i.test(code)) throw new Error(`${input} holds "</script": it cannot be inlined.`);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
