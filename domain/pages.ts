/**
 * The page registry: every page of the site, its layout, its guard and the translation namespaces it needs.
 * app/routes.ts builds the route table from it, the root middleware enforces the guards from it (on the server
 * and in the browser), and the sitemap (server/api/seo.ts) lists its public pages. Pure data, hence in domain/:
 * both the app and the server read it without depending on each other. Paths are relative to `/:lang/`, files
 * to `app/`.
 */
import { isLocale } from './locales.ts';
import type { Permission } from './permissions.ts';

export const LAYOUTS = ['default', 'admin', 'blank', 'full'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export const GUARDS = ['admin', 'authenticated', 'guest', 'accountRedirect', 'orderInitied'] as const;
export type GuardName = (typeof GUARDS)[number];

export interface Page {
  id: string;
  /** Path under `/:lang/`; empty for the home page. */
  path: string;
  file: string;
  layout: LayoutName;
  guard?: GuardName;
  /** For the back office's pages: what the person's roles must allow (domain/permissions.ts). */
  permission?: Permission;
  /** Translation namespaces loaded with the page, besides `common`. */
  ns: string[];
  /** Listed in the sitemap and indexable. */
  sitemap?: boolean;
  /**
   * Kept by the service worker for use on the mountain without a signal (app/service-worker/): its page and data
   * in the visitor's language, and its scripts. Only public pages that are the same for every visitor.
   */
  offline?: boolean;
  /**
   * A signed-in page its reader's phone keeps for the mountain (the route card): its scripts and catalogues are
   * stored with the offline pages'; the page itself is kept by the page, with its reader's session, and forgotten
   * at sign-out (app/components/route-card/kept-card.ts).
   */
  keptByItsReader?: boolean;
}

// Every back-office page names homologations (numbers, who certified them) with the rider's account page's words.
const ADMIN_NAMESPACES = ['admin', 'homologation'];

const page = (
  id: string,
  path: string,
  file: string,
  layout: LayoutName,
  options: Partial<Page> = {},
): Page => ({
  id,
  path,
  file,
  layout,
  ns: [],
  ...options,
});

export const PAGES: readonly Page[] = [
  page('home', '', 'routes/public/home.tsx', 'full', { ns: ['home'], sitemap: true, offline: true }),
  page('roads', 'roads', 'routes/public/roads.tsx', 'default', {
    ns: ['roads'],
    sitemap: true,
    offline: true,
  }),
  page('rules', 'rules', 'routes/public/rules.tsx', 'default', {
    ns: ['rules'],
    sitemap: true,
    offline: true,
  }),
  page('club', 'club', 'routes/public/club.tsx', 'default', { ns: ['club'], sitemap: true }),
  page('privacy', 'privacy', 'routes/public/privacy.tsx', 'default', { ns: ['privacy'], sitemap: true }),
  page('laureates', 'laureates', 'routes/public/laureates.tsx', 'default', {
    ns: ['laureates'],
    sitemap: true,
  }),
  page('laureate', 'laureates/:laureateId', 'routes/public/laureate.tsx', 'default', { ns: ['laureates'] }),
  page('stats', 'stats', 'routes/public/stats.tsx', 'default', { ns: ['stats'], sitemap: true }),
  page('restriction', 'public-display-restriction', 'routes/public/restriction.tsx', 'default', {
    ns: ['restriction', 'validation'],
    sitemap: true,
  }),
  page('track-check', 'track-check', 'routes/public/track-check.tsx', 'default', {
    ns: ['track', 'roads'],
    sitemap: true,
    offline: true,
  }),

  page('map', 'map', 'routes/public/map.tsx', 'default', {
    ns: ['map', 'roads', 'rules', 'track'],
    sitemap: true,
    offline: true,
  }),

  // What the service worker shows for a page it does not keep when there is no network.
  page('offline', 'offline', 'routes/public/offline.tsx', 'default', { ns: ['offline'], offline: true }),

  // Opened from a diploma's QR code; not listed: each page is one person's result.
  page('diploma', 'diplomas/:code', 'routes/public/diploma.tsx', 'default', { ns: ['diploma', 'documents'] }),

  // Opened from the link mailed to a minor's guardian (its token in the query: never logged, never cached).
  page('guardian', 'guardian', 'routes/public/guardian.tsx', 'default', {
    ns: ['guardian', 'rules', 'order', 'validation'],
  }),

  page('login', 'login', 'routes/auth/login.tsx', 'default', { guard: 'guest', ns: ['auth', 'validation'] }),
  page('signup', 'signup', 'routes/auth/signup.tsx', 'default', {
    guard: 'guest',
    ns: ['auth', 'validation'],
  }),
  page('forgot-password', 'login/forgot-password', 'routes/auth/forgot-password.tsx', 'default', {
    guard: 'accountRedirect',
    ns: ['auth', 'validation'],
  }),
  page('reset-password', 'account/reset-password', 'routes/auth/reset-password.tsx', 'default', {
    guard: 'accountRedirect',
    ns: ['auth', 'validation'],
  }),
  // Opened from the emailed link, signed in or not (the link itself is the proof).
  page('verify-email', 'account/verify-email', 'routes/auth/verify-email.tsx', 'default', {
    ns: ['auth', 'validation'],
  }),

  page('account', 'account', 'routes/account/account.tsx', 'default', {
    guard: 'authenticated',
    // The orders tab speaks the order vocabulary; the password tab holds the public-display switch; the
    // profile tab the activity services' connections.
    ns: ['account', 'validation', 'order', 'restriction', 'track', 'homologation'],
  }),

  // The second factor: any account may add one; the back office sends its people here until they have.
  page('account-security', 'account/security', 'routes/account/security.tsx', 'default', {
    guard: 'authenticated',
    ns: ['account', 'auth', 'validation'],
  }),

  page(
    'registration-change',
    'account/registrations/:candidateId',
    'routes/account/registration-change.tsx',
    'default',
    {
      guard: 'authenticated',
      ns: ['order', 'validation'],
    },
  ),
  // The electronic route card on the phone (issue 43): stamps at each control, kept without a signal.
  page('route-card', 'account/route-card/:candidateId', 'routes/account/route-card.tsx', 'default', {
    guard: 'authenticated',
    ns: ['routecard', 'roads', 'order'],
    keptByItsReader: true,
  }),
  page(
    'delivery-change',
    'account/orders/:orderId/delivery',
    'routes/account/delivery-change.tsx',
    'default',
    {
      guard: 'authenticated',
      ns: ['order', 'validation'],
    },
  ),

  page('order', 'order', 'routes/order/order.tsx', 'default', {
    guard: 'authenticated',
    ns: ['order', 'validation'],
  }),
  page('shipping', 'shipping', 'routes/order/shipping.tsx', 'default', {
    guard: 'orderInitied',
    ns: ['order', 'validation'],
  }),
  page('payment', 'payment', 'routes/order/payment.tsx', 'default', {
    guard: 'orderInitied',
    ns: ['order', 'validation'],
  }),
  page('test-payment', 'payment/test/:paymentId', 'routes/order/test-payment.tsx', 'blank', {
    ns: ['order'],
  }),
  page('confirmation', 'confirmation', 'routes/order/confirmation.tsx', 'default', {
    guard: 'authenticated',
    ns: ['order', 'validation'],
  }),
  page('payment-cancelled', 'payment-cancelled', 'routes/order/payment-cancelled.tsx', 'default', {
    ns: ['order', 'validation'],
  }),

  page('admin', 'administration', 'routes/admin/index.tsx', 'admin', {
    guard: 'admin',
    ns: [...ADMIN_NAMESPACES],
  }),
  page('admin-dashboard', 'administration/dashboard', 'routes/admin/dashboard.tsx', 'admin', {
    guard: 'admin',
    ns: [...ADMIN_NAMESPACES],
  }),
  page('admin-inscriptions', 'administration/inscriptions/:list', 'routes/admin/inscriptions.tsx', 'admin', {
    guard: 'admin',
    permission: 'registrations.read',
    ns: [...ADMIN_NAMESPACES],
  }),
  page('admin-candidate', 'administration/candidates/:candidateId', 'routes/admin/candidate.tsx', 'admin', {
    guard: 'admin',
    permission: 'registrations.read',
    ns: [...ADMIN_NAMESPACES, 'validation', 'track', 'roads'],
  }),
  page('admin-scan', 'administration/homologations/scan', 'routes/admin/scan.tsx', 'admin', {
    guard: 'admin',
    permission: 'cards.scan',
    ns: [...ADMIN_NAMESPACES, 'validation'],
  }),
  // One module for both homologation lists; it tells them apart by the page id its route carries.
  page('admin-homologations', 'administration/homologations', 'routes/admin/homologations.tsx', 'admin', {
    guard: 'admin',
    permission: 'homologations.read',
    ns: [...ADMIN_NAMESPACES],
  }),
  page(
    'admin-homologations-history',
    'administration/homologations/historique',
    'routes/admin/homologations.tsx',
    'admin',
    { guard: 'admin', permission: 'homologations.read', ns: [...ADMIN_NAMESPACES] },
  ),
  page('admin-refunds', 'administration/orders/:orderId/refunds', 'routes/admin/refunds.tsx', 'admin', {
    guard: 'admin',
    permission: 'money.read',
    ns: [...ADMIN_NAMESPACES, 'validation'],
  }),
  page(
    'admin-cancellation-requests',
    'administration/cancellation-requests',
    'routes/admin/cancellation-requests.tsx',
    'admin',
    { guard: 'admin', permission: 'money.read', ns: [...ADMIN_NAMESPACES, 'validation'] },
  ),
  page('admin-users', 'administration/people', 'routes/admin/people.tsx', 'admin', {
    guard: 'admin',
    permission: 'people.manage',
    ns: [...ADMIN_NAMESPACES],
  }),
  page('admin-audit', 'administration/audit', 'routes/admin/audit.tsx', 'admin', {
    guard: 'admin',
    permission: 'audit.read',
    ns: [...ADMIN_NAMESPACES, 'validation'],
  }),
  page('admin-settings', 'administration/settings', 'routes/admin/settings.tsx', 'admin', {
    guard: 'admin',
    permission: 'settings.manage',
    ns: [...ADMIN_NAMESPACES, 'validation'],
  }),

  page('not-found', '*', 'routes/public/not-found.tsx', 'default'),
];

/** The route pattern React Router reports for a page (`/:lang/roads`). */
export function pagePattern(page: Page): string {
  return page.path ? `/:lang/${page.path}` : '/:lang';
}

const pagesByPattern = new Map(PAGES.map((entry) => [pagePattern(entry), entry]));

const pageSegments = PAGES.filter((entry) => entry.path !== '*').map((entry) => ({
  pattern: pagePattern(entry),
  segments: entry.path ? entry.path.split('/') : [],
}));

/** A page's data as React Router's client asks for it: `/fr/laureates.data`. */
const DATA_SUFFIX = '.data';

/**
 * The pattern of the page a path asks for (`/fr/laureates/12` → `/:lang/laureates/:laureateId`, its data
 * `/:lang/laureates/:laureateId.data`), `/:lang/*` for a path that is no page, or undefined for a path without a
 * locale first. For figures by page that never hold what was typed in the address (server/plugins/metrics.ts).
 */
export function pagePatternOfPath(pathname: string): string | undefined {
  const [, locale, ...rest] = pathname.split('/');
  if (!isLocale(locale)) return undefined;
  const segments = rest.filter(Boolean);
  const last = segments.at(-1);
  const data = last?.endsWith(DATA_SUFFIX) ?? false;
  if (data) segments[segments.length - 1] = last!.slice(0, -DATA_SUFFIX.length);
  const page = pageSegments.find(
    (entry) =>
      entry.segments.length === segments.length &&
      entry.segments.every((segment, index) => segment.startsWith(':') || segment === segments[index]),
  );
  return page ? `${page.pattern}${data ? DATA_SUFFIX : ''}` : '/:lang/*';
}

/** The browser's router reports patterns without the leading slash (`:lang/roads`), the server's with it. */
export function findPageByPattern(pattern: string): Page | undefined {
  return pagesByPattern.get(`/${pattern.replace(/^\/+|\/+$/g, '')}`);
}
