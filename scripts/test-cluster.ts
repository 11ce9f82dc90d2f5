/**
 * `npm run test:cluster`: the tests of several instances, which need a real PostgreSQL and Redis
 * (tests/cluster/), and the embedded-database refusal of several processes, which needs neither.
 *
 * With both servers answering, every test of the project runs. Without them, CI fails (.ci/run starts both, so a
 * missing server there is a broken setup, not something to skip), and a developer's machine runs the embedded
 * test only and says plainly what was not run and why. No test is ever marked skipped.
 */
import { spawnSync } from 'node:child_process';
import { unreachableServices } from '../tests/support/services.ts';

const reason = await unreachableServices();
if (reason && process.env.CI) {
  console.error(`[cluster] ${reason}. CI must provide PostgreSQL and Redis (.ci/run starts both).`);
  process.exit(1);
}
if (reason)
  console.warn(
    `[cluster] ${reason}: only the embedded-database tests run. Start PostgreSQL and Redis ` +
      '(or set TEST_DATABASE_URL and TEST_REDIS_URL) to run the tests of several instances.',
  );

// The tests of one server on the embedded database need neither.
const files = reason
  ? [
      'tests/cluster/embedded.test.ts',
      'tests/cluster/restart.test.ts',
      'tests/cluster/stop-bound.test.ts',
      'tests/cluster/kept-page-busy-database.test.ts',
    ]
  : [];
const run = spawnSync('npx', ['vitest', 'run', '--project', 'cluster', ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
