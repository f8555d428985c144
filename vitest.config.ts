import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * One runner, four projects. The server's data-layer and API tests run on a real PostgreSQL server
 * when TEST_DATABASE_URL is set (the production path), else on PGlite; the report engine needs no
 * database and runs once. `*.pg.test.ts` files need several connections to one database (two
 * server processes) and run only on PostgreSQL.
 *
 * With a PostgreSQL server, PGlite (the embedded default `npm start` runs on) is not a second
 * copy of every test: its SQL is PostgreSQL's own, so a second run proves nothing new and cost CI
 * minutes (decision 231). It runs what behaves differently there: the test files that name PGlite
 * and those of the code that branches on it (one connection: transactions queue, the job queue's
 * adapter, the operator lane, table tending), and the e2e project runs the newcomer's flows on
 * PGlite through the compiled server (e2e/README.md). `npm run test:embedded` runs the whole
 * server suite on PGlite.
 */
// The bench's own checks (bench/*.test.ts) need no database but sit with the server they measure.
const SERVER_TESTS = ['apps/server/src/**/*.test.ts', 'apps/server/bench/**/*.test.ts'];
const EMBEDDED_ONLY_CHANGES = [
  'apps/server/src/jobs/job-queue.test.ts',
  'apps/server/src/modules/reports/report-lease.test.ts',
  'apps/server/src/http/operator-lane.test.ts',
  'apps/server/src/modules/system/tend-tables.test.ts',
  'apps/server/src/modules/operators/recover-operator.test.ts',
  'apps/server/src/modules/admin/export-lists.test.ts',
];
/** The test files below `dir` (paths relative to it) whose text matches `pattern`. */
function testFilesSaying(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.test\.tsx?$/.test(f) && pattern.test(readFileSync(path.join(dir, f), 'utf8')),
  );
}

/** Test files (not `.pg.`) whose text names PGlite: they check something about it. */
const namingPglite = (dir: string) =>
  testFilesSaying(dir, /pglite/i)
    .filter((f) => !f.endsWith('.pg.test.ts'))
    .map((f) => path.join(dir, f));
const withServer = Boolean(process.env.TEST_DATABASE_URL);
const wholeEmbedded = process.env.TEST_EMBEDDED === 'all';

const serverProject = (name: string, dbKind: 'pglite' | 'postgres', include: string[]) => ({
  test: {
    name,
    include,
    exclude: dbKind === 'pglite' ? ['**/node_modules/**', '**/*.pg.test.ts'] : ['**/node_modules/**'],
    environment: 'node',
    env: { TEST_DB_KIND: dbKind },
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // Files in one worker share the loaded modules instead of importing the server afresh each
    // time (about a quarter of these projects' time). Each file builds its own app and database,
    // so the little process-wide state must not carry a file's figures into the next: the hashing
    // gate measures afresh when an app sets its limits, and caches are kept per cost or per database
    // handle (lib/passwords.ts, lib/sql.ts).
    isolate: false,
  },
});

const embeddedTests =
  withServer && !wholeEmbedded ? [...new Set([...EMBEDDED_ONLY_CHANGES, ...namingPglite('apps/server/src')])] : SERVER_TESTS;

/**
 * Twice the cores for the unit projects: their files wait much of the time (on PostgreSQL, on a
 * sweep's or a lease's timer), and four files at once kept a 2-core machine busy where two left it
 * idle a quarter of the time (server projects 324 s → 211 s wall). The browser files keep the
 * cores busy by themselves: they run two at once (below). A project with its own Vite config (the
 * web app's) does not inherit the root's count, and one group must share one count: said there too.
 */
const UNIT_WORKERS = 4;

/** The web tests that replace a module (`vi.mock`), relative to apps/web: they need modules loaded afresh. */
const WEB_MOCKING = testFilesSaying('apps/web/src', /\bvi\.mock\(/).map((f) => path.join('src', f));

/**
 * The web app's tests, in two projects. Most share a worker's loaded modules (isolate: false: a
 * file no longer pays for loading React, the router and jsdom's globals again, which was two thirds
 * of this project's CPU time). A file that replaces a module with vi.mock would find the real one
 * already loaded by an earlier file, so those run isolated; a test that only watches a module's
 * object spies on it instead (test/toasts.ts).
 */
const webProject = (name: string, files: { include?: string[]; exclude?: string[]; isolate: boolean }) => ({
  extends: './apps/web/vite.config.ts',
  test: {
    name,
    root: 'apps/web',
    include: files.include ?? ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(files.exclude ?? [])],
    isolate: files.isolate,
    maxWorkers: UNIT_WORKERS,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Several 5 s waits (src/test/setup.ts) may add up on a loaded machine.
    testTimeout: 20_000,
  },
});

export default defineConfig({
  test: {
    maxWorkers: UNIT_WORKERS,
    projects: [
      serverProject('server', 'pglite', embeddedTests),
      ...(withServer ? [serverProject('server-pg', 'postgres', SERVER_TESTS)] : []),
      {
        test: {
          name: 'report-engine',
          include: ['packages/report-engine/{src,test}/**/*.test.ts'],
          // No module is replaced in these files: they share a worker's loaded modules (the PDF
          // stack and fonts load once per worker, not once per file: CPU time 53 s → 33 s).
          isolate: false,
          environment: 'node',
          testTimeout: 30_000,
          pool: 'forks' as const,
        },
      },
      // The contracts both apps share need no database: once, not once per database.
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', pool: 'forks' as const } },
      webProject('web', { exclude: WEB_MOCKING, isolate: false }),
      webProject('web-mocks', { include: WEB_MOCKING, isolate: true }),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/database-template.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at once (decision 246): a browser file mostly waits (servers, pages, polls,
          // a slowed fake model), so the run's two workers share the cores well once the servers'
          // database is PostgreSQL's processes rather than PGlite on each server's event loop.
          fileParallelism: true,
          maxWorkers: 2,
          // After the unit projects: browsers and servers should not share 2 cores with them.
          sequence: { groupOrder: 1 },
          // One retry for timing on a loaded machine (Playwright's CI default is two); a broken flow still fails.
          retry: 1,
          // A page under a loaded machine can take seconds to settle; a broken one still never does.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
