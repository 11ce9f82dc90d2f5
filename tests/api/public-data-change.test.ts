/** The signal the page cache listens to: whatever changes what the public sees notifies its subscribers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLaureates, laureateRecord } from '../support/laureates.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('onPublicDataChanged', () => {
  it('tells its subscribers about an import, and stops after the unsubscription', async () => {
    let calls = 0;
    const unsubscribe = t.services.onPublicDataChanged(() => {
      calls += 1;
    });
    await addLaureates(t, [laureateRecord({ numero: 1 })]);
    expect(calls).toBeGreaterThan(0);
    const afterImport = calls;
    unsubscribe();
    await addLaureates(t, [laureateRecord({ numero: 2 })]);
    expect(calls).toBe(afterImport);
  });
});
