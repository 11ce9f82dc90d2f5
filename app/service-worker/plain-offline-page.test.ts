import { describe, expect, it } from 'vitest';
import { plainOfflinePage } from './plain-offline-page.ts';

describe('plainOfflinePage', () => {
  it("answers in the rider's language with a way to try again and the kept pages", async () => {
    const response = plainOfflinePage('de');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toContain('<h1>Kein Netz</h1>');
    expect(html).toContain('<a href="">Erneut versuchen</a>');
    expect(html).toContain('<a href="/de/roads">Die drei Straßen und ihre Profile</a>');
    expect(html).toContain('<a href="/de/rules?tab=checks">Die Stempelkarte: wo sie abgestempelt wird</a>');
  });
});
