/** One i18next instance per request on the server and one per page in the browser, never a shared global. */
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, type Locale } from '../../domain/locales.ts';

export function createI18n(locale: Locale, resources: Resource, namespaces: string[]): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    resources,
    ns: namespaces,
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}
