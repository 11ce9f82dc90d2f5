import { redirect } from 'react-router';
import type { Route } from './+types/index';
import { requireStaff } from '../../lib/require-user.ts';

/** `/administration` itself has no content: the admin guard sends admins on to the dashboard. */
export function loader(args: Route.LoaderArgs) {
  requireStaff(args);
  const { params } = args;
  throw redirect(`/${params.lang}/administration/dashboard`);
}

export default function AdministrationIndex() {
  return null;
}
