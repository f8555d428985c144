import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;

/**
 * After the build, writes `name.br` and `name.gz` beside every text file, at the strongest
 * settings (done once here, not per request); the server sends whichever the browser accepts. A
 * copy that would not be smaller is not written. Small files count too: a public page loads a
 * dozen chunks under 1 KB.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'assay-precompress',
    // The client build only: the server render's bundle (entry-server.tsx) is not served.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
          d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)],
        );
      for (const file of walk(outDir)) {
        if (!TEXT.test(file)) continue;
        const plain = readFileSync(file);
        const br = brotliCompressSync(plain, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
        });
        const gz = gzipSync(plain, { level: 9 });
        if (br.length < plain.length) writeFileSync(`${file}.br`, br);
        if (gz.length < plain.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
