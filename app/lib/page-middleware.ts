/**
 * The root middleware: checks the locale, finds the page in the registry (domain/pages.ts), applies its guard, and
 * in the browser loads the page's translations before it renders. The same guards hold on both sides.
 */
import { type RouterContextProvider, data, redirect } from 'react-router';
import { requestContext } from '#request-context';
import { isLocale } from '../../domain/locales.ts';
import { loadNamespaces, clientI18n } from '../i18n/resources.client.ts';
import { findPageByPattern } from '../../domain/pages.ts';
import { clientSession } from './client-session.ts';
import { ACCESS_DENIED, checkGuard } from './guards.ts';
import { namespacesForPage } from './page-namespaces.ts';

interface PageArgs {
  params: Record<string, string | undefined>;
  url: URL;
  pattern: string;
}

export async function enforcePageOnServer({
  params,
  url,
  pattern,
  context,
  request,
}: PageArgs & { context: Readonly<RouterContextProvider>; request: Request }) {
  if (!isLocale(params.lang)) throw data(null, { status: 404 });
  const page = findPageByPattern(pattern);
  if (!page) return;
  const { user, services } = context.get(requestContext);
  const target = await checkGuard({
    page,
    lang: params.lang,
    url,
    user,
    hasOrderDraft: () => (user ? services.orderDrafts.hasCandidates(user.id) : false),
    posting: request.method === 'POST',
  });
  if (target === ACCESS_DENIED) throw data(null, { status: 403 });
  if (target) throw redirect(target);
}

export async function enforcePageInBrowser({ params, url, pattern }: PageArgs) {
  if (!isLocale(params.lang)) return;
  const page = findPageByPattern(pattern);
  if (!page) return;
  const target = await checkGuard({
    page,
    lang: params.lang,
    url,
    user: clientSession.user,
    hasOrderDraft: () => clientSession.hasOrderDraft,
    posting: false,
  });
  if (target === ACCESS_DENIED) throw data(null, { status: 403 });
  if (target) throw redirect(target);
  const i18n = clientI18n();
  if (i18n) await loadNamespaces(i18n, params.lang, namespacesForPage(page));
}
