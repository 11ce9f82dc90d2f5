/** Links between the sign-in pages, carrying the remembered path (only when it is internal). */
import { safeRedirectPath } from '../../../domain/redirects.ts';
import type { StaffRole } from '../../../domain/roles.ts';

export function loginLink(lang: string, redirectTo: string | null): string {
  return redirectTo ? `/${lang}/login?redirectTo=${encodeURIComponent(redirectTo)}` : `/${lang}/login`;
}

export function signupLink(lang: string, redirectTo: string | null): string {
  return redirectTo ? `/${lang}/signup?redirectTo=${encodeURIComponent(redirectTo)}` : `/${lang}/signup`;
}

/**
 * Where to go after signing in: the remembered path when it is safe, else the back office's dashboard for someone
 * who holds a role there (the desk they signed in for), or the home page.
 */
export function afterLoginPath(
  lang: string,
  redirectTo: string | null,
  roles: readonly StaffRole[] = [],
): string {
  return (
    safeRedirectPath(redirectTo) ?? (roles.length > 0 ? `/${lang}/administration/dashboard` : `/${lang}`)
  );
}

/**
 * Where sign-up leads: the page that says the account is signed in and its link on its way, and offers to go back
 * to the remembered path.
 */
export function afterSignupPath(lang: string, redirectTo: string | null): string {
  const query = new URLSearchParams({ sent: '1' });
  const back = safeRedirectPath(redirectTo);
  if (back) query.set('redirectTo', back);
  return `/${lang}/account/verify-email?${query.toString()}`;
}
