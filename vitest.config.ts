import { defineConfig } from 'vitest/config';

/**
 * One runner, four projects. The server project runs every data-layer and API test on PGlite,
 * and a second time on a real PostgreSQL server when TEST_DATABASE_URL is set; the report engine
 * needs no database and runs once. `*.pg.test.ts` files need several connections to one database
 * (two server processes) and run only on PostgreSQL.
 */
/**
 * On the embedded database the suite leaves out the files that drive the report worker and the
 * account-wide jobs end to end (each runs for a minute): their SQL is the same on PGlite, they run
 * on PostgreSQL here, and the e2e project runs those flows on PGlite through the compiled server.
 * This keeps the whole CI run under 15 minutes on 2 cores.
 */
const WORKER_FLOWS = [
  'apps/server/src/modules/reports/{generate-report,process-report,report-lease,confirmed-record,long-word-idea,report-events}.test.ts',
  'apps/server/src/modules/notifications/notifications.test.ts',
  'apps/server/src/modules/account/{delete-account,export-account}.test.ts',
];

const serverProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts'],
    exclude: dbKind === 'pglite' && process.env.TEST_DATABASE_URL ? ['**/node_modules/**', '**/*.pg.test.ts', ...WORKER_FLOWS] : dbKind === 'pglite' ? ['**/node_modules/**', '**/*.pg.test.ts'] : ['**/node_modules/**'],
    environment: 'node',
    env: { TEST_DB_KIND: dbKind },
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which left the
    // second core idle while tests waited on databases, servers and browsers.
    maxWorkers: 2,
    projects: [
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
      {
        test: {
          name: 'report-engine',
          include: ['packages/report-engine/{src,test}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          pool: 'forks' as const,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Several 5 s waits (src/test/setup.ts) may add up on a loaded machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
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
