/**
 * Page guards, declared per page in domain/pages.ts and enforced by the root middleware on the server and in the
 * browser. A guard answers the path to send the visitor to, ACCESS_DENIED to answer 403 in place, or null to let
 * the page render.
 */
import { safeRedirectPath } from '../../domain/redirects.ts';
import type { GuardName, Page } from '../../domain/pages.ts';
import { can, isStaff } from '../../domain/permissions.ts';
import type { StaffRole } from '../../domain/roles.ts';

export interface GuardUser {
  roles: StaffRole[];
  /** When this session passed its second factor; the back office needs one (issue 42). */
  secondFactorAt?: string | null;
}

export interface GuardInput {
  page: Page;
  lang: string;
  url: URL;
  user: GuardUser | null;
  /** Whether the signed-in user has at least one candidate in the order draft. */
  hasOrderDraft: () => boolean | Promise<boolean>;
  /** A form posted to the page (decision 0032), which its action answers. */
  posting: boolean;
}

/** The page exists but is not for this signed-in person: the access-denied page, status 403. */
export const ACCESS_DENIED = Symbol('access denied');
export type GuardOutcome = string | typeof ACCESS_DENIED | null;

type Guard = (input: GuardInput) => GuardOutcome | Promise<GuardOutcome>;

const home = (lang: string) => `/${lang}`;

const guards: Record<GuardName, Guard> = {
  admin: ({ user, lang, page, url }) => {
    if (!user) return loginPath(lang, url.pathname + url.search);
    if (!isStaff(user.roles)) return ACCESS_DENIED;
    if (page.permission && !can(user.roles, page.permission)) return ACCESS_DENIED;
    // A role asks for a second factor: set it up (or pass it in this session) first, then come back.
    if (!user.secondFactorAt) return securityPath(lang, url.pathname + url.search);
    return page.id === 'admin' ? `/${lang}/administration/dashboard` : null;
  },
  authenticated: ({ user, lang, url }) => (user ? null : loginPath(lang, url.pathname + url.search)),
  guest: ({ user, lang, page }) => {
    if (!user) return null;
    return page.id === 'login' ? home(lang) : `/${lang}/order`;
  },
  accountRedirect: ({ user, lang }) => (user ? `/${lang}/account` : null),
  // A form posted to an order page is its action's to answer: a second tap on 'Pay', arriving after the first
  // placed the order (which empties the draft), finds that order there.
  orderInitied: async ({ user, lang, hasOrderDraft, posting }) =>
    user && (posting || (await hasOrderDraft())) ? null : home(lang),
};

export async function checkGuard(input: GuardInput): Promise<GuardOutcome> {
  const name = input.page.guard;
  if (!name) return null;
  const guard = (guards as Record<string, Guard | undefined>)[name];
  if (!guard) throw new Error(`Page "${input.page.id}" declares an unknown guard "${name}"`);
  return guard(input);
}

/** The account's security page (the second factor), remembering where to go back to. */
export function securityPath(lang: string, wanted: string): string {
  const redirectTo = safeRedirectPath(wanted);
  const base = `/${lang}/account/security`;
  return redirectTo ? `${base}?redirectTo=${encodeURIComponent(redirectTo)}` : base;
}

/** The login page, remembering where to go back to when that place is internal. */
export function loginPath(lang: string, wanted: string): string {
  const redirectTo = safeRedirectPath(wanted);
  return redirectTo ? `/${lang}/login?redirectTo=${encodeURIComponent(redirectTo)}` : `/${lang}/login`;
}
