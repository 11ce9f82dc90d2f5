/**
 * Without a network, a navigation inside the page (React Router fetching a route's data or code) fails where a
 * document load would be answered by the service worker from what it keeps. So an error page shown offline,
 * after the address changed in the page, loads that address as a document once: the kept page or the offline
 * page appears. A page loaded as a document for the address it shows is never reloaded, so this cannot loop.
 */
export function reloadIfOfflineNavigation(win: Window = window): boolean {
  if (win.navigator.onLine) return false;
  const [documentLoad] = win.performance.getEntriesByType('navigation');
  if (!documentLoad || documentLoad.name === win.location.href) return false;
  win.location.reload();
  return true;
}
