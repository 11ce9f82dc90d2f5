/** Journeys that click right after a document load wait for React to have hydrated the page first. */
import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated an element, so that clicks and typing go through React; on a page without the
 * client (decision 0041) there is nothing to wait for once the element is there.
 */
export async function waitForHydration(page: Page, testId: string) {
  await page.waitForFunction((id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    if (element !== null && document.documentElement.dataset.client === 'none') return true;
    // React marks a node while it hydrates it, before the commit; the root's own effect (`data-hydrated`) runs
    // after the whole page committed, its inputs' handlers and the pages' first effects included.
    return (
      element !== null &&
      document.documentElement.dataset.hydrated === 'true' &&
      Object.keys(element).some((key) => key.startsWith('__reactFiber'))
    );
  }, testId);
}
