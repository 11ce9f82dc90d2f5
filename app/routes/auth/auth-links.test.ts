import { describe, expect, it } from 'vitest';
import { afterLoginPath, afterSignupPath, loginLink, signupLink } from './auth-links.ts';

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

describe('afterSignupPath', () => {
  it('leads to the page that says the link is on its way, keeping where the person was', () => {
    expect(afterSignupPath('fr', '/fr/order?epreuve=cingle')).toBe(
      '/fr/account/verify-email?sent=1&redirectTo=%2Ffr%2Forder%3Fepreuve%3Dcingle',
    );
    expect(afterSignupPath('gb', null)).toBe('/gb/account/verify-email?sent=1');
  });

  it.each(['//evil.example', 'https://evil.example/', '/\\evil', '/%2F%2Fevil'])(
    'drops a path of another site: %j',
    (redirectTo) => {
      expect(afterSignupPath('gb', redirectTo)).toBe('/gb/account/verify-email?sent=1');
    },
  );
});
