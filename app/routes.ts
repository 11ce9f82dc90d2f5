import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';
import { LAYOUTS, PAGES } from '../domain/pages.ts';

/** Every page lives under `/:lang`; the layouts group them without adding to the URL. */
export default [
  ...prefix(':lang', [
    ...LAYOUTS.map((layoutName) =>
      layout(
        `components/layouts/${layoutName}-layout.tsx`,
        PAGES.filter((page) => page.layout === layoutName).map((page) =>
          page.path ? route(page.path, page.file, { id: page.id }) : index(page.file, { id: page.id }),
        ),
      ),
    ),
  ]),
] satisfies RouteConfig;
