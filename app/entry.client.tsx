import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { localeOr } from '../domain/locales.ts';
import { createI18n } from './i18n/i18n.ts';
import { loadNamespaces, setClientI18n } from './i18n/resources.client.ts';
import { reloadOnceAfterChunkError } from './lib/chunk-reload.ts';
import { namespacesForPath } from './lib/page-namespaces.ts';

// A deployment replaced the chunks this page references: reload once to pick up the new ones.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnceAfterChunkError();
});

async function hydrate() {
  const segment = window.location.pathname.split('/')[1];
  const locale = localeOr(segment);
  const namespaces = namespacesForPath(window.location.pathname);
  const i18n = createI18n(locale, {}, namespaces);
  setClientI18n(i18n);
  await loadNamespaces(i18n, locale, namespaces);

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
