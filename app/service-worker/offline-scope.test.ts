import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/locales.ts';
import { PAGES } from '../../domain/pages.ts';
import {
  OFFLINE_PAGES,
  PAGES_OPEN_OFFLINE,
  answerLocale,
  isShareTarget,
  keptByReaderKey,
  keptPageKey,
  offlineNamespaces,
  offlineFallbackFor,
  offlinePaths,
  pageOfDataRequest,
  safeReturnPath,
} from './offline-scope.ts';

describe('the pages kept offline', () => {
  it('are the home, the roads, every section of the rules, the map, "Check my ride" and the offline page', () => {
    expect(offlinePaths('fr')).toEqual(
      expect.arrayContaining([
        '/fr',
        '/fr/roads',
        '/fr/rules',
        '/fr/rules?tab=checks',
        '/fr/rules?tab=homologation',
        '/fr/map',
        '/fr/track-check',
        '/fr/offline',
      ]),
    );
    expect(offlinePaths('de').every((path) => path.startsWith('/de'))).toBe(true);
  });

  it('are only public pages, the same for every visitor, with no parameter of their own', () => {
    for (const page of OFFLINE_PAGES) {
      expect(page.guard, page.id).toBeUndefined();
      expect(page.path, page.id).not.toContain(':');
      expect(page.layout, page.id).not.toBe('admin');
    }
    const personal = PAGES.filter((page) => page.guard || /account|order|payment|admin/.test(page.path));
    for (const locale of LOCALES)
      for (const page of personal) expect(offlinePaths(locale)).not.toContain(`/${locale}/${page.path}`);
  });
});

describe('keptPageKey', () => {
  it('files a rules section under its own address, any other query under the page', () => {
    expect(keptPageKey('/fr/rules', '?tab=checks')).toBe('/fr/rules?tab=checks');
    expect(keptPageKey('/fr/rules', '?tab=nonsense')).toBe('/fr/rules');
    expect(keptPageKey('/fr/track-check', '?shared=file')).toBe('/fr/track-check');
    expect(keptPageKey('/fr/', '')).toBe('/fr');
    expect(keptPageKey('/gb/map/')).toBe('/gb/map');
  });

  it('keeps nothing else', () => {
    expect(keptPageKey('/fr/account')).toBeNull();
    expect(keptPageKey('/fr/laureates')).toBeNull();
    expect(keptPageKey('/')).toBeNull();
    expect(keptPageKey('/xx/roads')).toBeNull();
    expect(keptPageKey('/api/me')).toBeNull();
  });
});

describe('the pages kept by their reader', () => {
  it('are the route card of any registration, in any language, kept under its path', () => {
    expect(keptByReaderKey('/fr/account/route-card/12')).toBe('/fr/account/route-card/12');
    expect(keptByReaderKey('/gb/account/route-card/12/')).toBe('/gb/account/route-card/12');
    expect(PAGES_OPEN_OFFLINE.map((page) => page.id)).toContain('route-card');
  });

  it('are no other signed-in page, and never a page the worker warms for every visitor', () => {
    for (const path of [
      '/fr/account',
      '/fr/account/route-card',
      '/fr/account/route-card/12/extra',
      '/fr/account/orders/12/delivery',
      '/fr/administration/candidates/12',
      '/api/candidates/12/stamps',
      '/xx/account/route-card/12',
      '/fr/roads',
    ])
      expect(keptByReaderKey(path), path).toBeNull();
    expect(offlinePaths('fr')).not.toContain('/fr/account/route-card/12');
  });

  it("bring their catalogues into the worker's store", () => {
    expect(offlineNamespaces()).toEqual(expect.arrayContaining(['routecard', 'order', 'roads']));
  });
});

describe('pageOfDataRequest', () => {
  it("names the page of React Router's data requests", () => {
    expect(pageOfDataRequest('/fr/rules.data')).toBe('/fr/rules');
    expect(pageOfDataRequest('/fr/_.data')).toBe('/fr/');
    expect(pageOfDataRequest('/_.data')).toBe('/');
    expect(pageOfDataRequest('/fr/rules')).toBeNull();
  });
});

describe('the offline page', () => {
  it('carries the address that failed, which "Try again" may only use when it is one of ours', () => {
    const fallback = offlineFallbackFor('fr', '/fr/account', '?tab=orders');
    expect(fallback).toBe('/fr/offline?from=%2Ffr%2Faccount%3Ftab%3Dorders');
    expect(safeReturnPath(new URLSearchParams(fallback.split('?')[1]).get('from'))).toBe(
      '/fr/account?tab=orders',
    );
    for (const unsafe of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
    ])
      expect(safeReturnPath(unsafe), unsafe).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });

  it("speaks the address's language, else the last one read, else French", () => {
    expect(answerLocale('/de/account', 'it')).toBe('de');
    expect(answerLocale('/', 'it')).toBe('it');
    expect(answerLocale('/', 'xx')).toBe('fr');
    expect(answerLocale('/favicon.ico', null)).toBe('fr');
  });
});

describe('the share target', () => {
  it('is one address per language', () => {
    expect(isShareTarget('/fr/track-check/share')).toBe(true);
    expect(isShareTarget('/nl/track-check/share')).toBe(true);
    expect(isShareTarget('/xx/track-check/share')).toBe(false);
    expect(isShareTarget('/fr/track-check')).toBe(false);
  });
});
