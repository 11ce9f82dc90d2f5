import { describe, expect, it } from 'vitest';
import { WITHOUT_CLIENT, pageNeedsClient } from './page-client.ts';
import {
  completePageWithoutClient,
  pagesWithoutClient,
  speculationRules,
} from './page-without-client.server.ts';

const routeModules = {
  root: {},
  home: { handle: WITHOUT_CLIENT },
  rules: { handle: WITHOUT_CLIENT },
  laureate: { handle: WITHOUT_CLIENT },
  account: {},
  'track-check': { handle: { client: true } },
};

const page = (htmlAttributes: string) =>
  `<!DOCTYPE html><html lang="fr"${htmlAttributes}><head></head><body><main>Le Ventoux</main></body></html>`;

describe('pageNeedsClient', () => {
  it('follows the deepest route, and keeps the client when it says nothing', () => {
    expect(pageNeedsClient([{ handle: undefined }, { handle: undefined }])).toBe(true);
    expect(pageNeedsClient([{ handle: undefined }, { handle: WITHOUT_CLIENT }])).toBe(false);
    expect(pageNeedsClient([{ handle: WITHOUT_CLIENT }, { handle: { client: true } }])).toBe(true);
    expect(pageNeedsClient([])).toBe(true);
  });
});

describe('pagesWithoutClient', () => {
  it("lists the pages whose module declares no client, in the page's language, parameters as wildcards", () => {
    expect(pagesWithoutClient(routeModules, 'gb')).toEqual(['/gb', '/gb/rules', '/gb/laureates/*']);
  });
});

describe('speculationRules', () => {
  it("prefetches the listed pages on intent and prerenders the header's, never a link with a token", () => {
    const rules = speculationRules(['/fr', '/fr/rules']);
    expect(rules.prefetch).toEqual([
      {
        where: { and: [{ href_matches: ['/fr', '/fr/rules'] }, { not: { href_matches: '*\\?*token=*' } }] },
        eagerness: 'moderate',
      },
    ]);
    expect(rules.prerender[0]!.where.and).toContainEqual({ selector_matches: 'header a' });
    expect(rules.prerender[0]!.eagerness).toBe('moderate');
  });
});

describe('completePageWithoutClient', () => {
  const options = { locale: 'fr' as const, routeModules, serviceWorker: true };

  it('leaves a page with the client unchanged', () => {
    const html = page('');
    expect(completePageWithoutClient(html, { ...options, nonce: 'abc' })).toBe(html);
  });

  it('adds the speculation rules and the starter before </body>, under the nonce', () => {
    const html = completePageWithoutClient(page(' data-client="none"'), { ...options, nonce: 'abc' });
    const rules = /<script type="speculationrules" nonce="abc">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(rules!)).toEqual(speculationRules(['/fr', '/fr/rules', '/fr/laureates/*']));
    const starter = /<script nonce="abc" data-config="([^"]*)">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(starter![1]!.replaceAll('&quot;', '"'))).toEqual({
      serviceWorkerUrl: '/sw.js',
      locale: 'fr',
    });
    // Bundled and minified at build time, and wrapped so that it names nothing global.
    expect(starter![2]).toMatch(/^\(function\(\)\{[\s\S]*\}\)\(\);$/);
    expect(starter![2]).not.toMatch(/\/\*|\n\s+\/\/|rememberChoices/);
    // About 3 KB: an import that drags in a registry or a library would show here first.
    expect(starter![2]!.length).toBeLessThan(4096);
    expect(html).toMatch(/<\/script><\/body><\/html>$/);
    expect(html).not.toMatch(/type="module"|modulepreload/);
  });

  it('adds them without a nonce on a kept page (allowed by hash), and without the worker when there is none', () => {
    const html = completePageWithoutClient(page(' data-client="none"'), {
      ...options,
      nonce: undefined,
      serviceWorker: false,
    });
    expect(html).toContain('<script type="speculationrules">');
    expect(html).toContain(
      'data-config="{&quot;serviceWorkerUrl&quot;:null,&quot;locale&quot;:&quot;fr&quot;}"',
    );
    expect(html).not.toContain('nonce=');
  });

  it("inlines an island only on a page that holds its marker, under the page's nonce", () => {
    const withMap = page(' data-client="none"').replace(
      '<main>',
      `<main><div hidden data-locate-me="{}"><button>Show where I am</button></div>`,
    );
    const html = completePageWithoutClient(withMap, { ...options, nonce: 'abc' });
    expect(html).toMatch(/<script nonce="abc">\(function\(\)\{[^]*?data-locate-me[^]*?\}\)\(\);<\/script>/);
    const plain = completePageWithoutClient(page(' data-client="none"'), { ...options, nonce: 'abc' });
    expect(plain).not.toContain('data-locate-me');
  });
});
