/**
 * `npm run build:server` — the server as plain JavaScript for `npm start` (no TypeScript
 * compiler at run time). esbuild bundles our code and the workspace packages (`@assay/*`,
 * which ship TypeScript sources) into dist/main.js, dist/worker.js, dist/operator.js and the render worker thread's script; every other package stays
 * an import from node_modules, so files they read beside themselves (fonts, pdfkit's data,
 * PGlite's WebAssembly) are found as before. The migrations are SQL files read at run time:
 * they are copied next to the bundle, where db/migrate.ts looks for them.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(SERVER, 'dist');

/** Bare imports load from node_modules at run time, except our workspace packages. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@assay/') ? undefined : { path: args.path, external: true }));
  },
};

const started = performance.now();
rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(SERVER, 'src/main.ts'),
    worker: path.join(SERVER, 'src/worker.ts'),
    operator: path.join(SERVER, 'src/operator-cli.ts'),
    // Worker threads load their script by file name (lib/worker-pool.ts): one entry each.
    'billing-render-worker': path.join(SERVER, 'src/modules/billing/render-worker.ts'),
    'share-render-worker': path.join(SERVER, 'src/modules/reports/share-render-worker.ts'),
  },
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Modules imported with import() (the PDF renderer, say) go into chunks of their own that load
  // when first used, so the server answers before they load (decision 124).
  splitting: true,
  chunkNames: '[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync(path.join(SERVER, 'src/db/migrations'), path.join(OUT, 'migrations'), { recursive: true });
console.log(`server built into ${path.relative(process.cwd(), OUT) || '.'} in ${Math.round(performance.now() - started)} ms`);
