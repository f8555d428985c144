/**
 * Layer rules (docs/architecture.md, "The rules the linter enforces"; why: docs/decisions/090-layering-rules.md):
 * no import cycles; a server module reaches another only through its index.ts; nothing imports up a
 * layer (config/lib/db/http/jobs/adapters below modules, modules below the composition root; in the
 * web, components/ and lib/ below features, app/ on top); a web feature reaches another only through
 * its index.ts; web and server never import each other; packages never import apps.
 */
/**
 * The report engine's floors (packages/report-engine/README.md): each floor imports only floors
 * below it, and folders on one floor do not import each other. The top-level files (the entries)
 * and eval/ sit above everything; tests may compose freely.
 */
const ENGINE = '^packages/report-engine/src/';
const ENGINE_FLOORS = [
  ['lib', 'text'],
  ['llm'],
  ['content'],
  ['knowledge'],
  ['record'],
  ['plan'],
  ['evidence'],
  ['writers', 'review', 'pdf'],
  ['pipeline'],
];
const engineFloorRules = ENGINE_FLOORS.flatMap((floor, i) => {
  const above = ENGINE_FLOORS.slice(i + 1).flat();
  return floor.map((folder) => ({
    name: `report-engine-floor-${folder}`,
    comment: `${folder}/ sits on floor ${i + 1} of the engine: it may import only the floors below it (${ENGINE_FLOORS.slice(0, i).flat().join(', ') || 'none'}), never a folder beside or above it, nor the entries or eval/.`,
    severity: 'error',
    from: { path: `${ENGINE}${folder}/`, pathNot: '\\.test\\.ts$' },
    to: { path: `${ENGINE}(${[...above, ...floor.filter((f) => f !== folder), 'eval'].join('|')})/|${ENGINE}[^/]+\\.ts$` },
  }));
});

module.exports = {
  forbidden: [
    ...engineFloorRules,
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
      name: 'server-no-upward-imports',
      comment:
        'config, lib, db, http, jobs and adapters sit below the modules: they are what modules are built from, so an arrow back up would tie the foundation to one business area. Tests may compose freely.',
      severity: 'error',
      from: { path: '^apps/server/src/(config|lib|db|http|jobs|adapters)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(modules/|app\\.ts$|runtime\\.ts$|job-catalog\\.ts$|run-workers\\.ts$|main\\.ts$|worker\\.ts$)' },
    },
    {
      name: 'server-modules-not-composition',
      comment:
        'The composition root (app.ts, runtime.ts, job-catalog.ts, run-workers.ts, main.ts, worker.ts) wires modules together; a module never reaches back into it.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(app|runtime|job-catalog|run-workers|main|worker)\\.ts$' },
    },
    {
      name: 'web-shared-code-no-features',
      comment:
        'components/ (ui and layout) and lib/ are used by every feature; importing a feature from them would make every feature depend on that one.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-feature-through-index',
      comment: "A feature uses another feature only through that feature's index.ts, its public face; its folders are its own.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-app-is-top',
      comment: 'app/ (router, providers, route table) composes the features; nothing below imports it back.',
      severity: 'error',
      from: { path: '^apps/web/src/(features|components|lib)/' },
      to: { path: '^apps/web/src/app/' },
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
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
