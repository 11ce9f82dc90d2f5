/** Layout `full`: the site's frame with the page edge to edge (the home page's carousel). */
import { Outlet, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/full-layout';
import { ErrorPage } from '../error-page.tsx';
import { SiteChrome } from './site-chrome.tsx';

export default function FullLayout() {
  return (
    <SiteChrome fullWidth>
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
