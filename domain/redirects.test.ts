import { describe, expect, it } from 'vitest';

import { safeRedirectPath } from './redirects.ts';

describe('safeRedirectPath keeps paths of this site', () => {
  it.each([
    '/',
    '/fr',
    '/fr/',
    '/fr/order',
    '/gb/account/reset-password',
    '/de/administration/dashboard',
    '/fr/laureates?page=2&pageSize=25',
    '/fr/laureates?q=Dupont&epreuve=cingle#results',
    '/fr/account#orders',
    '/fr/confirmation?order=00000042',
    '/fr/users/@me',
    '/fr/a_b~c-d.e',
    '/documents/12.pdf',
    '/fr/caf%C3%A9',
    '/fr/search?q=caf%C3%A9%20cr%C3%A8me',
    '/fr/search?next=//allowed-in-a-query',
    '/fr/search?redirect=https://example.org/x',
    '/fr?',
    '/fr#',
    '/fr/a%2Fb',
  ])('%s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });
});

describe('safeRedirectPath refuses everything else', () => {
  it.each([
    // Not a path of this site.
    ['protocol-relative URL', '//evil.example'],
    ['protocol-relative URL with a path', '//evil.example/fr/order'],
    ['three slashes', '///evil.example'],
    ['absolute URL', 'https://evil.example/'],
    ['absolute URL of this site', 'http://localhost/fr'],
    ['javascript URL', 'javascript:alert(1)'],
    ['javascript URL after a slash', '/javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'fr/order'],
    ['dot-relative path', './fr/order'],
    ['query only', '?next=/fr'],
    ['fragment only', '#top'],
    // Backslashes, which browsers read as slashes.
    ['slash backslash', '/\\evil.example'],
    ['backslash slash', '\\/evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['backslash inside', '/fr\\..\\evil'],
    // Encoded variants, decoded once.
    ['encoded double slash', '/%2F%2Fevil.example'],
    ['encoded double slash in lower case', '/%2f%2fevil.example'],
    ['encoded slash after the first', '/%2Fevil.example'],
    ['encoded double slash without a leading slash', '%2F%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded backslash in lower case', '/%5cevil.example'],
    ['encoded dot segments', '/%2e%2e//evil.example'],
    ['encoded dot-dot segment', '/fr/%2E%2E/%2E%2E/x'],
    ['encoded tab', '/%09/evil.example'],
    ['encoded newline', '/fr%0d%0aSet-Cookie:x=y'],
    ['malformed percent-encoding', '/fr/%E0%A4%A'],
    ['lone percent', '/fr/100%'],
    // Shapes a normaliser could turn into '//evil'.
    ['empty segment', '/fr//evil.example'],
    ['dot-dot segment', '/..//evil.example'],
    ['dot segment', '/./fr'],
    ['trailing dot-dot', '/fr/..'],
    // Characters outside the allowed set.
    ['space in path', '/fr/my order'],
    ['tab in path', '/\t/evil.example'],
    ['newline in path', '/fr\n/evil'],
    ['NUL in path', '/fr\u0000'],
    ['non-ASCII in path', '/fr/café'],
    ['angle brackets', '/fr/<script>'],
    ['colon in path', '/fr:80/order'],
    ['quote in path', "/fr/'x"],
    ['semicolon in path', '/fr;jsessionid=1'],
    // Query and fragment checks.
    ['space in query', '/fr?q=a b'],
    ['backslash in query', '/fr?next=\\\\evil'],
    ['newline in query', '/fr?q=a\nSet-Cookie:x'],
    ['carriage return in fragment', '/fr#a\rb'],
    ['DEL in fragment', '/fr#a\u007f'],
    ['space in fragment', '/fr#a b'],
    ['non-ASCII in query', '/fr?q=café'],
    // Not a usable value.
    ['empty string', ''],
    ['too long', `/fr/${'a'.repeat(3000)}`],
  ])('%s: %j', (_label, value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it.each([null, undefined, 42, {}, ['/fr'], true])('non-string %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});

describe('safeRedirectPath decodes only once', () => {
  it('keeps a doubly encoded slash, which a router decodes to a harmless %2F', () => {
    expect(safeRedirectPath('/%252F%252Fevil.example')).toBe('/%252F%252Fevil.example');
  });

  it('judges the path only, not a double slash that follows in the query or fragment', () => {
    expect(safeRedirectPath('/fr?//evil.example')).toBe('/fr?//evil.example');
    expect(safeRedirectPath('/fr#//evil.example')).toBe('/fr#//evil.example');
  });

  it('treats the first # as the start of the fragment, even before a ?', () => {
    expect(safeRedirectPath('/fr#x?y')).toBe('/fr#x?y');
  });
});

describe('safeRedirectPath results resolve on this site', () => {
  const origin = 'https://cingles.example';
  it.each(['/', '/fr/order?x=1#y', '/fr/users/@me', '/fr/a%2Fb', '/fr/search?next=//elsewhere'])(
    '%s stays on the origin',
    (path) => {
      const safe = safeRedirectPath(path);
      expect(safe).not.toBeNull();
      expect(new URL(safe ?? '', origin).origin).toBe(origin);
    },
  );
});
