import { defineConfig } from 'vitest/config';
import { inlineScriptPlugin } from './scripts/vite-plugins.ts';

// Kept apart from vite.config.ts so the React Router plugin is not loaded in tests.
const apiProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    onConsoleLog: () => false,
    projects: [
      {
        // Inline scripts are imported as their text (scripts/vite-plugins.ts), as in the build.
        plugins: [inlineScriptPlugin()],
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'server/**/*.test.ts',
            'app/**/*.test.{ts,tsx}',
            'locales/*.test.ts',
            'contracts/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      apiProject('api', { TEST_DB: 'pglite' }),
      // The same API suite against a PostgreSQL server, when one is given (CI gives one).
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', { TEST_DB: 'postgres' })] : []),
      // Two real instances on PostgreSQL and Redis (skipped, saying so, when they are unreachable).
      {
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
