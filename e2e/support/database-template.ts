import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type {} from './server.ts'; // declares the provided value (ProvidedContext)

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The e2e project's global setup: one embedded database migrated by the compiled product's own
 * `npm run operator -- migrate`, which every test file's server starts from as a copy
 * (support/server.ts). Creating and migrating a fresh PGlite database took about 5 of the 8
 * seconds a server needs to start, for each of some forty servers a run starts.
 */
export default function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-template-'));
  execFileSync(process.execPath, ['apps/server/dist/operator.js', 'migrate'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'test', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Only the database: each server makes its own session secret, as a first start does.
  rmSync(path.join(dataDir, 'secret.key'), { force: true });
  project.provide('e2eDataTemplate', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
