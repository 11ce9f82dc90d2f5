/** Layout `default`: the site's frame around a centred page. */
import { Outlet, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/default-layout';
import { ErrorPage } from '../error-page.tsx';
import { SiteChrome } from './site-chrome.tsx';

export default function DefaultLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteChrome>
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
    </SiteChrome>
  );
}
