/**
 * Layout rules (ARCHITECTURE.md): no import cycles; a server module reaches another only
 * through its index.ts; shared UI and lib code never import features; the web never imports
 * server code and the server never imports web code; the report engine is a package below the apps.
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'server-module-internals',
      comment: 'Import another module through its index.ts, not its internals.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-core-not-modules',
      comment: 'lib, db, config and adapters are below the modules.',
      severity: 'error',
      from: { path: '^apps/server/src/(lib|db|config|adapters)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'web-ui-no-features',
      severity: 'error',
      from: { path: '^apps/web/src/(components/ui|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-feature-internals',
      comment: 'A feature may use another feature only through its api/ or hooks.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/(api|hooks|components)/', '^apps/web/src/features/[^/]+/hooks\\.ts$'],
      },
    },
    { name: 'web-not-server', severity: 'error', from: { path: '^apps/web/' }, to: { path: '^apps/server/' } },
    { name: 'server-not-web', severity: 'error', from: { path: '^apps/server/' }, to: { path: '^apps/web/' } },
    { name: 'shared-is-leaf', severity: 'error', from: { path: '^packages/shared/' }, to: { path: '^(apps|packages/report-engine)/' } },
    {
      name: 'report-engine-below-apps',
      comment: 'The report engine knows no server, database or HTTP framework: apps use it, never the reverse.',
      severity: 'error',
      from: { path: '^packages/report-engine/' },
      to: { path: '^apps/|node_modules/(fastify|pg|pg-boss|@electric-sql)/' },
    },
    {
      name: 'report-engine-one-entry',
      comment: 'Apps use the engine through its entry (src/index.ts) or its test fakes (test/fakes/index.ts).',
      severity: 'error',
      from: { path: '^(apps|e2e)/' },
      to: { path: '^packages/report-engine/', pathNot: '^packages/report-engine/(src/index|test/fakes/index)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'dist'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js'] },
  },
};
