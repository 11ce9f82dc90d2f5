/**
 * The theme's CSS as a build stylesheet (`virtual:theme.css`, vite.config.ts): the club's colours as CSS
 * variables and Mantine's `hidden-from`/`visible-from` classes. Mantine's provider writes them into every page as
 * `<style>` tags (about 10 KB, 1.2 KB compressed, the same on every page); as part of the layout's stylesheet
 * they are downloaded once and shared from the cache, and the pages' documents stay inside a first round trip
 * (docs/decisions/0041-pages-without-scripts.md). The shell renders the provider with both turned off.
 *
 * The CSS is Mantine's own: the provider is rendered once, at build time, and its style tags are read back.
 */
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { themeProviderProps } from './theme.ts';

export function themeStylesheet(): string {
  const markup = renderToStaticMarkup(createElement(MantineProvider, themeProviderProps));
  const styles = [...markup.matchAll(/<style data-mantine-styles="[^"]*">([^<]*)<\/style>/g)];
  if (styles.length === 0) throw new Error('The Mantine provider rendered no style: its output has changed.');
  return styles.map(([, css]) => css).join('\n');
}
