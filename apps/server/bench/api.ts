/**
 * `npm run bench:api` — the public reads against a bare Fastify "hello", in one run, written to
 * docs/benchmarks.md. The product is started as `npm start` starts it (the compiled server from
 * `npm run build`, NODE_ENV=production, default log level) in a child process, first on the
 * embedded PGlite, then on a PostgreSQL database this script creates and drops; the bare
 * Fastify runs in a child process of its own. Each endpoint gets autocannon for --seconds
 * (10) at --connections (50), after a 2 s warm-up, in turns of 2 s with the bare Fastify, which
 * gets the same: this machine's speed drifts by a third within seconds (shared host), and
 * turns put both under the same drift. Start-up time (to /api/ready) and the idle
 * resident memory of the embedded default are measured too.
 *
 *   npm run build && npm run bench:api
 *   npm run bench:api -- --seconds=5 --only=pglite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { startServer, type RunningServer } from '../../../e2e/support/server.ts';
import { openPostgres } from '../src/db/client.ts';
import { withDatabase } from '../test/global-setup.ts';
import { formatCount } from '@assay/shared';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const SECONDS = Number(arg('seconds', '10'));
const CONNECTIONS = Number(arg('connections', '50'));
const ONLY = arg('only', '');
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_RATIO = 0.6;
const TARGET_P99_MS = 25;
const MARK = ['<!-- bench:api -->', '<!-- /bench:api -->'] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A bare Fastify answering {"hello":"world"}, in its own process like the product. */
async function startBareFastify(): Promise<{ url: string; stop(): void }> {
  const code = `import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(app.server.address().port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

interface Row {
  name: string;
  rps: number;
  /** The bare Fastify's req/s, measured in turns with this row. */
  bareRps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytes: number;
}

/** Each row and the bare Fastify take turns of this many seconds: this host's speed drifts within seconds. */
const TURN_SECONDS = 2;

const run = (url: string, headers: Record<string, string>, duration: number) =>
  autocannon({ url, headers, connections: CONNECTIONS, duration });

/**
 * One endpoint against the bare Fastify: after a warm-up of each, they take turns of
 * TURN_SECONDS until each has had SECONDS; req/s over all its turns, p50 the median turn's,
 * p99 the worst turn's.
 */
async function measure(name: string, url: string, bareUrl: string, headers: Record<string, string> = {}): Promise<Row> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${name}: ${url} answered ${res.status}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  await run(bareUrl, {}, 2);
  await run(url, headers, 2);
  const ours: Result[] = [];
  const bare: Result[] = [];
  for (let turn = 0; turn < Math.max(1, Math.round(SECONDS / TURN_SECONDS)); turn++) {
    bare.push(await run(bareUrl, {}, TURN_SECONDS));
    ours.push(await run(url, headers, TURN_SECONDS));
  }
  const rate = (turns: Result[]) => turns.reduce((n, r) => n + r.requests.total, 0) / (turns.length * TURN_SECONDS);
  const p50s = ours.map((r) => r.latency.p50).sort((a, b) => a - b);
  const row: Row = {
    name,
    bytes,
    rps: rate(ours),
    bareRps: rate(bare),
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...ours.map((r) => r.latency.p99)),
    errors: ours.reduce((n, r) => n + r.errors, 0),
    non2xx: ours.reduce((n, r) => n + r.non2xx, 0),
  };
  console.log(
    `${name}: ${Math.round(row.rps)} req/s (bare Fastify ${Math.round(row.bareRps)}), p99 ${row.p99} ms, errors ${row.errors}, non-2xx ${row.non2xx}`,
  );
  return row;
}

interface Section {
  db: string;
  loadBefore: string;
  loadAfter: string;
  rows: Row[];
}

/** The product's public reads, each measured right after the bare Fastify on the same machine. */
async function benchmark(db: string, server: RunningServer): Promise<Section> {
  const loadBefore = load();
  const list = (await (await fetch(`${server.url}/api/blog/posts?post_type=blog&limit=9`)).json()) as { posts: { slug: string }[] };
  const slug = list.posts[0]!.slug;
  const bareServer = await startBareFastify();
  try {
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' };
    const paired = (name: string, url: string, headers: Record<string, string> = {}) => measure(name, url, bareServer.url, headers);
    const rows = [
      await paired('blog list (`/api/blog/posts?post_type=blog&limit=9`)', `${server.url}/api/blog/posts?post_type=blog&limit=9`),
      await paired('one post (`/api/blog/posts/:slug`, counts a view)', `${server.url}/api/blog/posts/${slug}?post_type=blog`, browser),
      await paired('packages (`/api/tokens/packages`)', `${server.url}/api/tokens/packages`),
      await paired('the app’s HTML (`/`)', `${server.url}/`),
      await paired('post page for crawlers (`/blog/:slug`)', `${server.url}/blog/${slug}`),
      await paired('sitemap (`/sitemap.xml`)', `${server.url}/sitemap.xml`),
      await paired('feed (`/rss/blog.xml`)', `${server.url}/rss/blog.xml`),
      await paired('blog list, brotli (`accept-encoding: br, gzip`)', `${server.url}/api/blog/posts?post_type=blog&limit=9`, {
        'accept-encoding': 'br, gzip',
      }),
      await paired('health (`/api/health`, no database)', `${server.url}/api/health`),
    ];
    return { db, loadBefore, loadAfter: load(), rows };
  } finally {
    bareServer.stop();
  }
}

/** As `npm start` runs it, with the production settings. */
const productionEnv = (extra: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  PASSWORD_HASH_COST: '15',
  // No payments happen here; production refuses the sandbox otherwise.
  PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
  REPORT_WRITER: 'offline',
  ...extra,
});

interface Startup {
  firstMs: number;
  restartMs: number;
  idleRssMb: number;
}

/** Time to /api/ready on a fresh data directory and on the same one again, and RSS after 10 s idle. */
async function startup(): Promise<Startup> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-bench-api-'));
  try {
    let t = performance.now();
    const first = await startServer(productionEnv({ DATA_DIR: dataDir }));
    const firstMs = performance.now() - t;
    // stop() removes only the temporary directory startServer made, not this DATA_DIR.
    await first.stop();
    t = performance.now();
    const again = await startServer(productionEnv({ DATA_DIR: dataDir }));
    const restartMs = performance.now() - t;
    await sleep(10_000);
    const idleRssMb = rssMb(again.pid);
    await again.stop();
    return { firstMs, restartMs, idleRssMb };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => (n >= 100 ? formatCount(Math.round(n)) : n.toFixed(1));

function markdown(sections: Section[], start: Startup | undefined): string {
  const lines = [
    MARK[0],
    '## Public reads against a bare Fastify (`npm run bench:api`)',
    '',
    `Measured on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. autocannon ${SECONDS} s at ${CONNECTIONS} connections per row after a 2 s warm-up, over loopback, from the same machine; the product as \`npm start\` runs it (compiled server, NODE_ENV=production, default log level), and a bare Fastify "hello" in its own process, measured the same way in turns of ${TURN_SECONDS} s with each row (its req/s is in the row; p50 is the median turn's, p99 the worst turn's). Targets: blog list, one post and packages at ≥ ${TARGET_RATIO} × the bare Fastify's req/s with p99 < ${TARGET_P99_MS} ms and no errors.`,
    '',
  ];
  for (const s of sections) {
    lines.push(`### ${s.db}`, '', `Load average (1 / 5 / 15 min): ${s.loadBefore} before, ${s.loadAfter} after.`, '');
    lines.push(
      '| endpoint | req/s | bare Fastify in turns | × bare Fastify | p50 | p99 | errors | non-2xx | body |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const r of s.rows) {
      const ratio = `**${(r.rps / r.bareRps).toFixed(2)}**`;
      lines.push(
        `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.bareRps)} | ${ratio} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.non2xx} | ${(r.bytes / 1024).toFixed(1)} KB |`,
      );
    }
    lines.push('');
  }
  if (start) {
    lines.push(
      '### Start-up and memory (embedded default)',
      '',
      '| first start (new data directory: creates the database, migrates) | start with the database there | resident memory after 10 s idle |',
      '|---|---|---|',
      `| ${(start.firstMs / 1000).toFixed(1)} s | **${(start.restartMs / 1000).toFixed(1)} s** | **${Math.round(start.idleRssMb)} MB** |`,
      '',
    );
  }
  lines.push(MARK[1]);
  return lines.join('\n');
}

function writeDoc(block: string) {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const [a, b] = [doc.indexOf(MARK[0]), doc.indexOf(MARK[1])];
  const next = a >= 0 && b > a ? doc.slice(0, a) + block + doc.slice(b + MARK[1].length) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}

async function main() {
  if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) throw new Error('run `npm run build` first');
  const sections: Section[] = [];
  let start: Startup | undefined;
  if (ONLY !== 'postgres') {
    start = await startup();
    console.log(
      `start-up: first ${Math.round(start.firstMs)} ms, again ${Math.round(start.restartMs)} ms, idle RSS ${Math.round(start.idleRssMb)} MB`,
    );
    const server = await startServer(productionEnv());
    try {
      sections.push(await benchmark('PGlite (embedded default)', server));
    } finally {
      await server.stop();
    }
  }
  if (ONLY !== 'pglite') {
    const name = `assay_bench_api_${process.pid}`;
    const admin = openPostgres(PG_SERVER, 1);
    await admin.exec(`CREATE DATABASE ${name}`);
    try {
      const server = await startServer(
        productionEnv({
          DATABASE_URL: withDatabase(PG_SERVER, name),
          // Required in production with PostgreSQL (every server must share it); any value will do here.
          JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
        }),
      );
      try {
        sections.push(await benchmark('PostgreSQL 15 (`DATABASE_URL`)', server));
      } finally {
        await server.stop();
      }
    } finally {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  }
  writeDoc(markdown(sections, start));
  console.log('written to docs/benchmarks.md');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
