/**
 * In the browser each catalogue of locales/ is its own small chunk, loaded for the current language and only for the
 * namespaces the page needs (declared in domain/pages.ts).
 */
import type { i18n as I18n } from 'i18next';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

let current: I18n | null = null;

/** The browser's i18next instance, set once by entry.client. */
export function setClientI18n(i18n: I18n) {
  current = i18n;
}

export function clientI18n(): I18n | null {
  return current;
}

export async function loadNamespaces(i18n: I18n, locale: string, namespaces: string[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !i18n.hasResourceBundle(locale, namespace));
  const loaded = await Promise.all(
    missing.map(async (namespace) => {
      const load = files[`../../locales/${locale}/${namespace}.json`];
      return [namespace, load ? await load() : {}] as const;
    }),
  );
  for (const [namespace, catalogue] of loaded)
    i18n.addResourceBundle(locale, namespace, catalogue, true, true);
}
