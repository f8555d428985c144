import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
export const TEST_INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Assay</title><!--app-head--><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

/**
 * A web build for server tests: a small index.html, and beside it the web app's real server
 * entry built as `npm run build` builds it (decision 128). Answers the `webDistDir` and a cleanup.
 */
export async function buildWebForTests(): Promise<{ webDistDir: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-render-'));
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(path.join(dir, 'dist/index.html'), TEST_INDEX_HTML);
  await build({
    root: WEB,
    configFile: path.join(WEB, 'vite.config.ts'),
    logLevel: 'silent',
    build: { ssr: 'src/entry-server.tsx', outDir: path.join(dir, 'dist-ssr'), emptyOutDir: true },
  });
  return { webDistDir: path.join(dir, 'dist'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
