import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { PRODUCTION_ENVIRONMENT, PRODUCTION_NODE_OPTIONS } from './server/node-flags.ts';
import { RWGPS_STAND_IN_CLIENT } from './tests/support/ridewithgps-stand-in.ts';
import { STRAVA_STAND_IN_CLIENT } from './tests/support/strava-stand-in.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
/** The stand-in of Strava's OAuth and API (tests/support/strava-stand-in-server.ts), next to the site. */
const stravaPort = port + 1;
/** The stand-in of Ride with GPS's OAuth and API (tests/support/ridewithgps-stand-in-server.ts). */
const rwgpsPort = port + 2;
/** Where the journeys reach the Strava stand-in's test-only control route (strava-inactive.last.spec.ts). */
export const stravaStandInUrl = `http://127.0.0.1:${stravaPort}`;
// A fresh data directory per run: the server starts on an empty embedded database with demo content. The config
// is also loaded by each worker (TEST_WORKER_INDEX set), which must find the same directory, not empty it.
export const dataDir = path.join(os.tmpdir(), `cv-e2e-${port}`);
// Only the test runner's own process empties it: a tool that merely reads this file (knip, an editor) must never
// delete the data of a run under way.
const testRunner = process.argv[2] === 'test' && /playwright/.test(process.argv[1] ?? '');
if (process.env.TEST_WORKER_INDEX === undefined && testRunner) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
}

/** tests/e2e/*.last.spec.ts: the journeys of the `last` project. */
const LAST_SPECS = /\.last\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Bounds, not targets (speed is measured by `npm run bench`): generous enough for a busy two-core CI machine,
  // where the first visit of a page with the whole client can take seconds to come alive.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // The service worker would take requests out of reach of page.route(); its own journeys allow it
    // (tests/e2e/offline.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: LAST_SPECS,
    },
    // Journeys that change what the whole club's site does (Strava refusing its application) run alone, once
    // every other journey is done; a failure in the main project skips them. Playwright runs a dependency in
    // full whatever the file filter: naming a .last spec on the command line runs the whole main project first,
    // unless `--no-deps` (then name no other spec beside it, or they would run side by side).
    {
      name: 'last',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: LAST_SPECS,
      dependencies: ['chromium'],
    },
  ],
  webServer: [
    {
      command: `node tests/support/strava-stand-in-server.ts ${stravaPort}`,
      url: `http://127.0.0.1:${stravaPort}/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node tests/support/ridewithgps-stand-in-server.ts ${rwgpsPort}`,
      url: `http://127.0.0.1:${rwgpsPort}/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // As `npm start` runs it, so that the journeys pass with the production memory settings.
      command: `node ${PRODUCTION_NODE_OPTIONS.join(' ')} server/main.ts`,
      url: `http://127.0.0.1:${port}/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...PRODUCTION_ENVIRONMENT,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // No proxy in front: the server stops at once when the tests end.
        SHUTDOWN_DRAIN_MS: '0',
        DATABASE_URL: '',
        SMTP_URL: '',
        // The browser journeys of the admin area sign in as this administrator, created at start-up.
        BOOTSTRAP_ADMIN_EMAIL: 'admin@e2e.test',
        BOOTSTRAP_ADMIN_PASSWORD: 'Admin1910x',
        // Every journey signs in from 127.0.0.1: the per-IP budget of one person would run out mid-run.
        RATE_LIMIT_IP_FACTOR: '50',
        // Strava, through the stand-in: "Check my ride" and the account page show it (tests/e2e/strava.spec.ts).
        STRAVA_CLIENT_ID: STRAVA_STAND_IN_CLIENT.id,
        STRAVA_CLIENT_SECRET: STRAVA_STAND_IN_CLIENT.secret,
        STRAVA_OAUTH_URL: `http://127.0.0.1:${stravaPort}/oauth`,
        STRAVA_API_URL: `http://127.0.0.1:${stravaPort}/api/v3`,
        // Ride with GPS, through its stand-in (tests/e2e/ridewithgps.spec.ts): its OAuth and API share one address.
        RWGPS_CLIENT_ID: RWGPS_STAND_IN_CLIENT.id,
        RWGPS_CLIENT_SECRET: RWGPS_STAND_IN_CLIENT.secret,
        RWGPS_URL: `http://127.0.0.1:${rwgpsPort}`,
      },
    },
  ],
});
