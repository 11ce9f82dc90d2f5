/**
 * Page guards, declared per page in app/pages.ts and enforced by the root middleware on the server and in the
 * browser. A guard answers the path to send the visitor to, or null to let the page render.
 */
import { safeRedirectPath } from '../../domain/redirects.ts';
import type { GuardName, Page } from '../pages.ts';

export interface GuardUser {
  role: 'admin' | 'user';
}

export interface GuardInput {
  page: Page;
  lang: string;
  url: URL;
  user: GuardUser | null;
  /** Whether the signed-in user has at least one candidate in the order draft. */
  hasOrderDraft: () => boolean | Promise<boolean>;
}

type Guard = (input: GuardInput) => string | null | Promise<string | null>;

const home = (lang: string) => `/${lang}`;

const guards: Record<GuardName, Guard> = {
  admin: ({ user, lang, page }) => {
    if (user?.role !== 'admin') return home(lang);
    return page.id === 'admin' ? `/${lang}/administration/dashboard` : null;
  },
  authenticated: ({ user, lang, url }) => (user ? null : loginPath(lang, url.pathname + url.search)),
  guest: ({ user, lang, page }) => {
    if (!user) return null;
    return page.id === 'login' ? home(lang) : `/${lang}/order`;
  },
  accountRedirect: ({ user, lang }) => (user ? `/${lang}/account` : null),
  orderInitied: async ({ user, lang, hasOrderDraft }) =>
    user && (await hasOrderDraft()) ? null : home(lang),
};

export async function checkGuard(input: GuardInput): Promise<string | null> {
  const name = input.page.guard;
  if (!name) return null;
  const guard = (guards as Record<string, Guard | undefined>)[name];
  if (!guard) throw new Error(`Page "${input.page.id}" declares an unknown guard "${name}"`);
  return guard(input);
}

/** The login page, remembering where to go back to when that place is internal. */
export function loginPath(lang: string, wanted: string): string {
  const redirectTo = safeRedirectPath(wanted);
  return redirectTo ? `/${lang}/login?redirectTo=${encodeURIComponent(redirectTo)}` : `/${lang}/login`;
}
