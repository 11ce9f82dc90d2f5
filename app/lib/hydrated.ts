/**
 * Whether the page's scripts have taken over: false in the server's HTML and during hydration, true after. A
 * control that only works with JavaScript (a searchable select) renders a native one until then, so that a form
 * filled before hydration posts every value (decision 0032).
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
