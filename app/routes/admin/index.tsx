import { redirect } from 'react-router';
import type { Route } from './+types/index';

/** `/administration` itself has no content: the admin guard sends admins on to the dashboard. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/${params.lang}/administration/dashboard`);
}

export default function AdministrationIndex() {
  return null;
}
