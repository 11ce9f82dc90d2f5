import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginLink, signupLink } from './auth-links.ts';

describe('afterLoginPath', () => {
  it('goes back to a remembered internal path', () => {
    expect(afterLoginPath('gb', '/gb/account?tab=password')).toBe('/gb/account?tab=password');
  });

  it.each([
    null,
    '',
    '//evil.example',
    '/\\evil',
    'javascript:alert(1)',
    'https://evil.example/',
    '/%2F%2Fevil',
  ])('goes home instead of %j', (redirectTo) => {
    expect(afterLoginPath('gb', redirectTo)).toBe('/gb');
  });

  it('takes someone of the back office to the dashboard, unless a path is remembered', () => {
    expect(afterLoginPath('fr', null, ['admin'])).toBe('/fr/administration/dashboard');
    expect(afterLoginPath('fr', null, ['desk'])).toBe('/fr/administration/dashboard');
    expect(afterLoginPath('fr', '//evil.example', ['treasurer'])).toBe('/fr/administration/dashboard');
    expect(afterLoginPath('fr', '/fr/account', ['admin'])).toBe('/fr/account');
    expect(afterLoginPath('fr', null, [])).toBe('/fr');
  });
});

describe('links between the sign-in pages', () => {
  it('carry the remembered path, encoded', () => {
    expect(loginLink('fr', '/fr/account?tab=orders')).toBe(
      '/fr/login?redirectTo=%2Ffr%2Faccount%3Ftab%3Dorders',
    );
    expect(signupLink('fr', '/fr/order')).toBe('/fr/signup?redirectTo=%2Ffr%2Forder');
    expect(loginLink('de', null)).toBe('/de/login');
    expect(signupLink('de', null)).toBe('/de/signup');
  });
});
