/**
 * Whether the page's scripts have taken over: false in the server's HTML and during hydration, true after, without
 * an extra render. A control that only works with JavaScript (a searchable select, a chart's switch) renders its
 * plain form until then, so that a form filled before hydration posts every value (decision 0032).
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
