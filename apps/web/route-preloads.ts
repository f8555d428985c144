import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/** `{ path: '/blog', ...page(() => import('../features/blog/pages/BlogListPage.tsx')) }` in the route table. */
const ROUTE = /path: '([^']+)', \.\.\.page\(\(\) => import\('([^']+)'\)\)/g;

/**
 * Writes `route-preloads.json`: for each path of the route table (src/app/routes.tsx), the built
 * scripts its screen needs before it can render (the screen's chunk and what it imports, less
 * what index.html already loads). The server names them in that page's HTML as
 * `<link rel="modulepreload">`, so the browser fetches them beside the shell instead of after
 * the shell has run (decision 127).
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'assay-route-preloads',
    // The client build only: the server render's bundle (entry-server.tsx) is not served.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const routesFile = path.join(root, 'src/app/routes.tsx');
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (c: OutputChunk) => {
          if (seen.has(c.fileName)) return;
          seen.add(c.fileName);
          for (const f of c.imports) if (byFile.has(f)) visit(byFile.get(f)!);
        };
        start.forEach(visit);
        return seen;
      };
      const shell = closure(chunks.filter((c) => c.isEntry));
      const preloads: Record<string, string[]> = {};
      for (const [, routePath, module] of readFileSync(routesFile, 'utf8').matchAll(ROUTE)) {
        const id = path.resolve(path.dirname(routesFile), module!);
        const screen = chunks.find((c) => c.facadeModuleId === id);
        if (!screen) this.error(`route-preloads: no chunk for ${module} (${routePath})`);
        preloads[routePath!] = [...closure([screen])].filter((f) => !shell.has(f)).map((f) => `/${f}`);
      }
      if (!Object.keys(preloads).length) this.error('route-preloads: no route found in src/app/routes.tsx');
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}
