import { describe, expect, it } from 'vitest';
import { DEFERRED_MODULE_TYPE, deferHydrationUntilPainted } from './paint-first.server.ts';

/** The shape React Router's `<Scripts>` renders: preloads hoisted into the head, one inline module script. */
function page(nonce: string) {
  return [
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
    `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${nonce}"/>`,
    `<link rel="modulepreload" href="/assets/root-B.js" nonce="${nonce}"/>`,
    '<link rel="stylesheet" href="/assets/root.css"/></head><body><main>Le Ventoux</main>',
    `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
    `<script nonce="${nonce}" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>`,
    `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>`,
    '</body></html>',
  ].join('');
}

/** Runs the starter of a rewritten page against a small stand-in for the DOM, and returns what it added. */
function runStarter(html: string, visibility: 'visible' | 'hidden', nonce: string, paintTiming = true) {
  const starter = /<script[^>]*>(\(function startAfterFirstPaint[\s\S]*?)<\/script>/.exec(html)![1]!;
  const dataBlock = new RegExp(`<script[^>]*type="${DEFERRED_MODULE_TYPE}"[^>]*>([\\s\\S]*?)</script>`).exec(
    html,
  )![1]!;
  const added: { head: Record<string, string>[]; body: Record<string, string>[] } = { head: [], body: [] };
  const frames: (() => void)[] = [];
  const timers: { callback: () => void; delay: number }[] = [];
  const listeners: Record<string, () => void> = {};
  const observers: { paint: (name: string) => void; disconnected: boolean }[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
    record = { paint: (_name: string) => {}, disconnected: false };
    constructor(callback: (entries: { getEntriesByName: (name: string) => unknown[] }) => void) {
      this.record.paint = (painted) =>
        callback({ getEntriesByName: (name) => (name === painted ? [{ name }] : []) });
      observers.push(this.record);
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const document = {
    visibilityState: visibility,
    currentScript: { nonce },
    createElement: (tag: string) => ({ tag }) as Record<string, string>,
    addEventListener: (type: string, listener: () => void, options: { once: boolean }) => {
      expect(options).toEqual({ once: true });
      listeners[type] = listener;
    },
    querySelector: (selector: string) =>
      selector === `script[type="${DEFERRED_MODULE_TYPE}"]` ? { textContent: dataBlock } : null,
    head: { append: (node: Record<string, string>) => added.head.push({ ...node }) },
    body: { append: (node: Record<string, string>) => added.body.push({ ...node }) },
  };
  const requestAnimationFrame = (callback: () => void) => frames.push(callback);
  const setTimeout = (callback: () => void, delay: number) => timers.push({ callback, delay });
  new Function('document', 'requestAnimationFrame', 'setTimeout', 'PerformanceObserver', starter)(
    document,
    requestAnimationFrame,
    setTimeout,
    PerformanceObserver,
  );
  return { added, frames, timers, listeners, observers, dataBlock };
}

describe('deferHydrationUntilPainted', () => {
  it('takes the module preloads out of the head and turns the module script into an inert data block', () => {
    const html = deferHydrationUntilPainted(page('n0nce'));
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).not.toMatch(/type="module"/);
    expect(html).toContain(
      `<script nonce="n0nce" type="${DEFERRED_MODULE_TYPE}">import * as route0 from "/assets/root-B.js";`,
    );
    // The stylesheet, the context script and the streamed data stay where they were, and run as before.
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(html).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
    expect(html.indexOf('streamController.close')).toBeGreaterThan(html.indexOf('startAfterFirstPaint'));
  });

  it('starts the modules once the first contentful paint is recorded, preloads first, with the same nonce', () => {
    const html = deferHydrationUntilPainted(page('n0nce'));
    expect(html).toMatch(/<script nonce="n0nce">\(function startAfterFirstPaint/);
    const { added, observers, timers, listeners, dataBlock } = runStarter(html, 'visible', 'n0nce');
    observers[0]!.paint('first-paint');
    expect(added.body).toEqual([]);
    observers[0]!.paint('first-contentful-paint');
    expect(observers[0]!.disconnected).toBe(true);
    // The fallbacks that come later change nothing: the modules start once.
    for (const timer of timers) timer.callback();
    listeners.visibilitychange!();
    expect(added.head).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-A.js', nonce: 'n0nce' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root-B.js', nonce: 'n0nce' },
    ]);
    expect(added.body).toEqual([{ tag: 'script', type: 'module', nonce: 'n0nce', textContent: dataBlock }]);
  });

  it('without paint timing, starts in the task after the first animation frame', () => {
    const { added, frames, timers, observers } = runStarter(
      deferHydrationUntilPainted(page('')),
      'visible',
      '',
      false,
    );
    expect(observers).toEqual([]);
    frames.shift()!();
    expect(added.body).toEqual([]);
    timers.find((timer) => timer.delay === 0)!.callback();
    expect(added.body).toHaveLength(1);
  });

  it('starts anyway when the tab is hidden before its first paint, or when no paint is reported in 10 s', () => {
    const hidden = runStarter(deferHydrationUntilPainted(page('')), 'visible', '');
    hidden.listeners.visibilitychange!();
    expect(hidden.added.body).toHaveLength(1);

    const unpainted = runStarter(deferHydrationUntilPainted(page('')), 'visible', '');
    expect(unpainted.timers.map((timer) => timer.delay)).toEqual([10_000]);
    unpainted.timers[0]!.callback();
    expect(unpainted.added.body).toHaveLength(1);
  });

  it('starts at once in a background tab, where no frame is drawn', () => {
    const { added, frames, observers } = runStarter(deferHydrationUntilPainted(page('')), 'hidden', '');
    expect(frames).toEqual([]);
    expect(observers).toEqual([]);
    expect(added.body).toHaveLength(1);
  });

  it('keeps the module text byte for byte, so a CSP hash of the page still allows it', () => {
    const source = page('');
    const moduleText = /type="module" async="">([\s\S]*?)<\/script>/.exec(source)![1];
    const { dataBlock } = runStarter(deferHydrationUntilPainted(source), 'visible', '');
    expect(dataBlock).toBe(moduleText);
  });

  it('finds the inline module script behind an external one, and reads preload addresses as URLs', () => {
    const source = page('')
      .replace(
        '<meta charSet="utf-8"/>',
        '<meta charSet="utf-8"/><script type="module" src="/tool.js"></script>',
      )
      .replace('/assets/root-B.js" nonce', '/assets/root-B.js?v=1&amp;w=2" nonce');
    const html = deferHydrationUntilPainted(source);
    expect(html).toContain('<script type="module" src="/tool.js"></script>');
    expect(html).toContain(`type="${DEFERRED_MODULE_TYPE}">import * as route0`);
    expect(html).toContain('"/assets/root-B.js?v=1&w=2"');
  });

  it('leaves a document without an inline module script, or with a cut one, as it is', () => {
    const cut = page('').slice(0, page('').indexOf('import("/assets/entry.client-A.js");'));
    expect(deferHydrationUntilPainted(cut)).toBe(cut);
    const lookalike = '<html><body><script data-type="module">x()</script></body></html>';
    expect(deferHydrationUntilPainted(lookalike)).toBe(lookalike);
    const html = '<html><head><link rel="modulepreload" href="/a.js"/></head><body>x</body></html>';
    expect(deferHydrationUntilPainted(html)).toBe(html);
    const external = '<html><body><script type="module" src="/b.js"></script></body></html>';
    expect(deferHydrationUntilPainted(external)).toBe(external);
  });
});
