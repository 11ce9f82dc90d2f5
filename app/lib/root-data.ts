/** The root loader's data (locale, signed-in user, public settings, dismissed notices) for any component. */
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../root.tsx';

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}
