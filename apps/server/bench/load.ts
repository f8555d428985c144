/**
 * Runs one autocannon load in its own process and prints its result as JSON. The scale
 * benchmark's embedded server lives in the benchmark's process, and a load generator on the
 * same event loop would take the time it is meant to measure.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';

const self = fileURLToPath(import.meta.url);

export function loadApart(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    // The options go through a file: a list of thousands of requests is too long for argv.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'assay-load-')), 'options.json');
    writeFileSync(file, JSON.stringify(options));
    const child = spawn(process.execPath, [...process.execArgv, self, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      rmSync(path.dirname(file), { recursive: true, force: true });
      return code === 0 ? resolve(JSON.parse(out) as Result) : reject(new Error(`load process ended with ${code}`));
    });
  });
}

if (process.argv[1] === self) {
  const r = await autocannon(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Options);
  process.stdout.write(JSON.stringify({ latency: r.latency, requests: r.requests, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, statusCodeStats: r.statusCodeStats }));
}
