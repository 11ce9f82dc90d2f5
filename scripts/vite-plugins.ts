/**
 * The project's Vite plugins (vite.config.ts).
 *
 * - `virtual:theme.css`: the CSS Mantine's provider would write into every page (app/lib/theme-stylesheet.ts).
 */
import type { Plugin } from 'vite';
import { themeStylesheet } from '../app/lib/theme-stylesheet.ts';

const THEME_ID = 'virtual:theme.css';

export function themeStylesheetPlugin(): Plugin {
  return {
    name: 'theme-stylesheet',
    resolveId: (source) => (source === THEME_ID ? `\0${THEME_ID}` : undefined),
    load: (id) => (id === `\0${THEME_ID}` ? themeStylesheet() : undefined),
  };
}
