import './styles/mantine-public.ts';
import '@mantine/nprogress/styles.layer.css';
import './styles/global.css';
import 'virtual:theme.css';
import { MantineProvider, mantineHtmlProps } from '@mantine/core';
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  isRouteErrorResponse,
  useMatches,
  useParams,
} from 'react-router';
import { requestContext } from '#request-context';
import { LOCALE_TAGS, localeOr } from '../domain/locales.ts';
import { TestModeRibbon } from './components/test-mode-ribbon.tsx';
import type { Route } from './+types/root';
import { ErrorPage } from './components/error-page.tsx';
import { RouteProgress } from './components/route-progress.tsx';
import { isChunkLoadError, reloadOnceAfterChunkError } from './lib/chunk-reload.ts';
import { clientSession } from './lib/client-session.ts';
import { useNonce } from './lib/nonce.tsx';
import { WITHOUT_CLIENT_ATTRIBUTE, pageNeedsClient } from './lib/page-client.ts';
import { enforcePageInBrowser, enforcePageOnServer } from './lib/page-middleware.ts';
import { DISMISSED_COOKIE, parseDismissed, readCookie } from '../contracts/cookies.ts';
import { CLUB_RED, themeProviderProps } from './lib/theme.ts';
import favicon from '../public/favicon.svg?inline';

export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    await enforcePageOnServer(args);
    return next();
  },
];

export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (args, next) => {
    await enforcePageInBrowser(args);
    return next();
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, settings } = context.get(requestContext);
  const locale = localeOr(params.lang);
  return {
    locale,
    user: user && {
      id: user.id,
      prenom: user.prenom,
      nom: user.nom,
      email: user.email,
      roles: user.roles,
      // The browser's page guard sends the back office's people to their second factor, as the server's does.
      secondFactorAt: user.hasSecondFactor ? user.secondFactorAt : null,
      // The gravest acts ask for a code again after STEP_UP_MINUTES (components/admin/step-up-prompt.tsx).
      secondFactorRecent: user.hasSecondFactor && user.secondFactorRecent,
    },
    settings,
    dismissed: parseDismissed(readCookie(request.headers.get('cookie'), DISMISSED_COOKIE)),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * Root data never changes on a plain navigation. It is read again after a form submission and when a page asks
 * for it explicitly (`useRevalidator`, same URL), e.g. after the user changed their name.
 */
const UpdatePrompt = lazy(() => import('./components/update-prompt.tsx'));
/** The service worker's side of the page (lib/service-worker.ts), in its own chunk: no page waits for it. */
const serviceWorker = () => import('./lib/service-worker.ts');

export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod) return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href;
}

// Written into the page (a data address of 300 bytes): a first visit does not spend a request on the tab's icon.
export const links: Route.LinksFunction = () => [{ rel: 'icon', href: favicon, type: 'image/svg+xml' }];

export function Layout({ children }: { children: ReactNode }) {
  const params = useParams();
  const nonce = useNonce();
  const locale = localeOr(params.lang);
  // Decided on the server only: in the browser the client is already running (a page with the client led here).
  const matches = useMatches();
  const withoutClient = import.meta.env.SSR && !pageNeedsClient(matches);
  return (
    <html
      lang={LOCALE_TAGS[locale]}
      {...mantineHtmlProps}
      data-mantine-color-scheme="light"
      {...(withoutClient && { [WITHOUT_CLIENT_ATTRIBUTE]: 'none' })}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={CLUB_RED} />
        <Meta />
        {/* The installed app starts in the language it was installed from. */}
        <link rel="manifest" href={`/${locale}/manifest.webmanifest`} />
        <Links />
      </head>
      <body>
        {/* The theme's variables and classes come with the layout's stylesheet (app/lib/theme-stylesheet.ts). */}
        <MantineProvider {...themeProviderProps} withCssVariables={false} withGlobalClasses={false}>
          <RouteProgress />
          {children}
        </MantineProvider>
        {!withoutClient && (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Keeps the browser-side guards in step with the server's view of the visitor (in the browser only: on the
  // server clientSession keeps nothing, so no request's user outlives it).
  clientSession.setUser(loaderData.user);
  // Effects run once hydration is committed: from then on clicks reach React (browser tests wait for this).
  const [updateWaiting, setUpdateWaiting] = useState(false);
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    void serviceWorker().then(({ startServiceWorker }) => startServiceWorker(() => setUpdateWaiting(true)));
  }, []);
  // The pages kept for the mountain follow the language the rider reads (root data is not read again on a
  // navigation, the address is).
  const locale = localeOr(useParams().lang);
  useEffect(() => {
    void serviceWorker().then(({ keepOfflinePages }) => keepOfflinePages(locale));
  }, [locale]);
  return (
    <>
      {loaderData.settings.paymentsTestMode && <TestModeRibbon />}
      <Outlet />
      {updateWaiting && (
        <Suspense>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (typeof window !== 'undefined' && isChunkLoadError(error)) reloadOnceAfterChunkError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} />;
}
