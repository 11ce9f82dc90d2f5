/**
 * Sign out: ask the server to revoke the session, then forget the visitor and go home even if the call
 * failed (a dead network must not keep someone signed in on a shared computer). The API client is loaded on
 * the click: the menu is in every page's header, and its first paint should not wait for code it rarely needs.
 * What the service worker holds for the person is forgotten too: a ride shared from another app and not yet checked,
 * and the route card kept for the mountain.
 */
import { useTranslation } from 'react-i18next';
import { clientSession } from './client-session.ts';

export function useSignOut() {
  const { i18n } = useTranslation();
  return async () => {
    try {
      const { apiRequest } = await import('./api/client.ts');
      await apiRequest('POST', '/api/logout');
    } catch {
      // The cookie may survive a failed call; the document load below asks the server anew either way.
    }
    clientSession.setUser(null);
    clientSession.setHasOrderDraft(false);
    await (await import('./service-worker.ts')).forgetDeviceFiles();
    window.location.assign(`/${i18n.language}`);
  };
}
