import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/locales.ts';
import type { Page } from '../../domain/pages.ts';
import { offlineNamespaces } from './offline-scope.ts';
import { type ViteManifest, offlineBuildFiles } from './precache.ts';

const ROUTE = '?__react-router-build-client-route';
const roads: Page = {
  id: 'roads',
  path: 'roads',
  file: 'routes/public/roads.tsx',
  layout: 'default',
  ns: ['roads'],
};

function manifest(): ViteManifest {
  const catalogues = Object.fromEntries(
    LOCALES.flatMap((locale) =>
      [...offlineNamespaces(), 'admin'].map((namespace) => [
        `locales/${locale}/${namespace}.json`,
        { file: `assets/${locale}-${namespace}.js` },
      ]),
    ),
  );
  return {
    ...catalogues,
    'app/entry.client.tsx': { file: 'assets/entry.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    [`app/root.tsx${ROUTE}`]: {
      file: 'assets/root.js',
      imports: ['_react.js'],
      css: ['assets/root.css'],
      // The catalogues are loaded by language, not all at once: only the needed ones are listed below.
      dynamicImports: ['locales/fr/admin.json', 'app/components/mobile-navigation.tsx'],
    },
    'app/components/mobile-navigation.tsx': { file: 'assets/mobile-navigation.js', css: ['assets/menu.css'] },
    [`app/components/layouts/default-layout.tsx${ROUTE}`]: { file: 'assets/default-layout.js' },
    [`app/routes/public/roads.tsx${ROUTE}`]: {
      file: 'assets/roads.js',
      imports: ['_profile.js'],
      assets: ['assets/summit.svg'],
    },
    '_profile.js': { file: 'assets/profile.js', css: ['assets/profile.css'] },
    [`app/routes/admin/dashboard.tsx${ROUTE}`]: { file: 'assets/dashboard.js' },
  };
}

describe('offlineBuildFiles', () => {
  it("lists the offline pages' modules with all they import, now or later, their styles and files", () => {
    const files = offlineBuildFiles(manifest(), [roads]);
    expect(files).toEqual(
      expect.arrayContaining([
        'assets/entry.js',
        'assets/react.js',
        'assets/root.js',
        'assets/root.css',
        'assets/mobile-navigation.js',
        'assets/menu.css',
        'assets/default-layout.js',
        'assets/roads.js',
        'assets/profile.js',
        'assets/profile.css',
        'assets/summit.svg',
      ]),
    );
    expect(files).not.toContain('assets/dashboard.js');
  });

  it('adds the catalogues of their namespaces in every language, and no other', () => {
    const files = offlineBuildFiles(manifest(), [roads]);
    for (const locale of LOCALES) {
      expect(files).toContain(`assets/${locale}-common.js`);
      expect(files).toContain(`assets/${locale}-roads.js`);
      expect(files).not.toContain(`assets/${locale}-admin.js`);
    }
  });

  it('refuses a build that lacks a module it needs, rather than a worker that fails offline', () => {
    const incomplete = manifest();
    delete incomplete[`app/routes/public/roads.tsx${ROUTE}`];
    expect(() => offlineBuildFiles(incomplete, [roads])).toThrow(/roads\.tsx/);
  });
});
