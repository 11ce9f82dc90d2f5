/**
 * The share target's address when no service worker takes the POST (never installed, or removed): the file is
 * not read or kept, and the rider lands on "Check my ride" to choose it there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = 'ride-boundary';
const multipart = (content: string) =>
  [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="track"; filename="ride.gpx"',
    'Content-Type: application/gpx+xml',
    '',
    content,
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n');

describe('POST /{lang}/track-check/share', () => {
  it('sends the rider to "Check my ride" in the language of the address, saying the file did not arrive', async () => {
    for (const lang of ['fr', 'de']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/${lang}/track-check/share`,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'sec-fetch-site': 'none' },
        payload: multipart('<gpx version="1.1"></gpx>'),
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/${lang}/track-check?shared=none`);
    }
  });

  it('answers any other body, or none, the same way, and an unknown language as a bad address', async () => {
    for (const [contentType, payload] of [
      ['application/json', '{"track":1}'],
      [`multipart/form-data; boundary=${BOUNDARY}`, 'not multipart at all'],
      ['text/plain', ''],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/gb/track-check/share',
        headers: { 'content-type': contentType! },
        payload,
      });
      expect(response.statusCode, contentType).toBeLessThan(500);
    }
    const unknown = await t.app.inject({ method: 'POST', url: '/xx/track-check/share' });
    expect([400, 404]).toContain(unknown.statusCode);
  });

  it('is refused when another site posts it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/fr/track-check/share',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'sec-fetch-site': 'cross-site',
      },
      payload: multipart('<gpx/>'),
    });
    expect(response.statusCode).toBe(403);
  });
});
