/** Which translation namespaces a URL needs, from the page registry. */
import { matchPath } from 'react-router';
import { PAGES, type Page, pagePattern } from '../../domain/pages.ts';

const BASE_NAMESPACES = ['common'];

export function pageForPath(pathname: string): Page | undefined {
  return PAGES.find(
    (page) => page.path !== '*' && matchPath({ path: pagePattern(page), end: true }, pathname),
  );
}

export function namespacesForPage(page: Page | undefined): string[] {
  return [...BASE_NAMESPACES, ...(page?.ns ?? [])];
}

export function namespacesForPath(pathname: string): string[] {
  return namespacesForPage(pageForPath(pathname));
}
