/**
 * Content loaded at start-up. Reference content is always kept up to date; demo content (a small set of
 * laureates, so a new visitor sees a living site) is added only to an empty database and only when
 * DEMO_CONTENT is not false. No account is ever created here: the README explains how to create the first admin.
 */
import type { Config } from '../config.ts';
import type { Services } from '../services/index.ts';
import type { Database } from './client.ts';

export async function seedContent({
  config,
  services,
}: {
  db: Database;
  config: Config;
  services: Services;
}): Promise<void> {
  if (!config.demoContent || !(await services.laureateImport.isEmpty())) return;
  // The demo's generator (faker and the names of fifteen locales) is loaded only for the start that needs it.
  const { DEMO_SEED, DEMO_START_LAUREATES, demoRecords } = await import('../services/platform/demo-data.ts');
  await services.laureateImport.writeRecords(demoRecords({ count: DEMO_START_LAUREATES, seed: DEMO_SEED }), {
    source: 'demo',
  });
}
