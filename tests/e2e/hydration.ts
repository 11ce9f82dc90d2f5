/** Journeys that click right after a document load wait for React to have hydrated the element first. */
import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated an element, so that clicks and typing go through React; on a page without the
 * client (decision 0041) there is nothing to wait for once the element is there.
 */
export async function waitForHydration(page: Page, testId: string) {
  await page.waitForFunction((id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    if (element !== null && document.documentElement.dataset.client === 'none') return true;
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, testId);
}
