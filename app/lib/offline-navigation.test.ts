import { describe, expect, it, vi } from 'vitest';
import { reloadIfOfflineNavigation } from './offline-navigation.ts';

function fakeWindow({ onLine, loaded, current }: { onLine: boolean; loaded: string; current: string }) {
  const reload = vi.fn();
  const win = {
    navigator: { onLine },
    performance: { getEntriesByType: () => [{ name: loaded }] },
    location: { href: current, reload },
  } as unknown as Window;
  return { win, reload };
}

describe('reloadIfOfflineNavigation', () => {
  it('loads as a document an address reached inside the page while offline', () => {
    const { win, reload } = fakeWindow({
      onLine: false,
      loaded: 'https://x/fr/roads',
      current: 'https://x/fr/map',
    });
    expect(reloadIfOfflineNavigation(win)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('never reloads the page the document was loaded for (no loop), nor when online', () => {
    for (const state of [
      { onLine: false, loaded: 'https://x/fr/map', current: 'https://x/fr/map' },
      { onLine: true, loaded: 'https://x/fr/roads', current: 'https://x/fr/map' },
    ]) {
      const { win, reload } = fakeWindow(state);
      expect(reloadIfOfflineNavigation(win)).toBe(false);
      expect(reload).not.toHaveBeenCalled();
    }
  });
});
