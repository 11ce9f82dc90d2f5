import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, localeToRemember, localizedRedirect } from './locale.ts';

describe('localeFromAcceptLanguage', () => {
  it('picks the best supported language by quality', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('ja,en-US;q=0.7,nl;q=0.9')).toBe('nl');
    expect(localeFromAcceptLanguage('en-US')).toBe('gb');
    expect(localeFromAcceptLanguage('ja, zh')).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
    expect(localeFromAcceptLanguage('fr;q=0, it')).toBe('it');
  });
});

describe('localizedRedirect', () => {
  it('prefers the cookie, then Accept-Language, then French', () => {
    expect(localizedRedirect('/roads', 'nl', 'de')).toBe('/nl/roads');
    expect(localizedRedirect('/roads', undefined, 'de')).toBe('/de/roads');
    expect(localizedRedirect('/roads', 'xx', undefined)).toBe('/fr/roads');
  });

  it('keeps the query string and handles the root', () => {
    expect(localizedRedirect('/laureates?page=2&q=x', undefined, undefined)).toBe('/fr/laureates?page=2&q=x');
    expect(localizedRedirect('/', undefined, 'en')).toBe('/gb');
    expect(localizedRedirect('/?a=1', undefined, undefined)).toBe('/fr?a=1');
  });

  it('leaves localized paths and non-page paths alone', () => {
    for (const url of [
      '/fr/roads',
      '/gb',
      '/api/me',
      '/flags/fr.svg',
      '/health',
      '/ready',
      '/sitemap.xml',
      '/robots.txt',
      '/assets/root-abc.js',
      '/documents/12',
      '/favicon.ico',
      '/icons/icon-192.png',
      '/art/giant.svg',
      '/__manifest?p=/fr',
    ]) {
      expect(localizedRedirect(url, undefined, undefined)).toBeNull();
    }
  });

  it('never produces a protocol-relative URL', () => {
    expect(localizedRedirect('//evil.example', undefined, undefined)).toBe('/fr/evil.example');
  });
});

describe('localeToRemember', () => {
  it("is the page's locale when the cookie says another or nothing", () => {
    expect(localeToRemember('/de/roads', 'fr')).toBe('de');
    expect(localeToRemember('/it', undefined)).toBe('it');
    expect(localeToRemember('/nl/laureates?page=2', 'xx')).toBe('nl');
  });

  it('is null when the cookie already agrees, and for what is not a page', () => {
    expect(localeToRemember('/de/roads', 'de')).toBeNull();
    for (const url of [
      '/roads',
      '/api/me',
      '/flags/de.svg',
      '/de/roads.data',
      '/assets/de.js',
      '/xx/roads',
    ]) {
      expect(localeToRemember(url, 'fr'), url).toBeNull();
    }
  });
});
