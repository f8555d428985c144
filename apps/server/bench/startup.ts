/**
 * `npm run bench:startup` — how soon the compiled server answers and how much memory it holds.
 * For each build (this tree's apps/server/dist, and with --base=<dir> another build of the server
 * placed beside it, measured alternately in the same run so both see the same machine load):
 * `node <build>/main.js` on a data directory that already holds the migrated database, the time
 * to the first 200 on /api/health and on /api/ready (polled every 20 ms), the resident memory
 * after 10 s idle, and again after one request to each public page and public read.
 *
 *   npm run build && npm run bench:startup
 *   npm run bench:startup -- --runs=5 --base=.bench-base/dist
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = Number(arg('runs', '3'));
const BASE = arg('base', '');
const IDLE_MS = Number(arg('idle', '10000'));
const PROFILE = arg('cpu-prof', '');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
/** CPU time (user + system) a process has used so far, in ms: less at the mercy of other work than wall time. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

interface Run {
  healthMs: number;
  /** CPU the process had used when /api/health first answered 200. */
  healthCpuMs: number;
  readyMs: number;
  idleRssMb: number;
  afterPagesRssMb: number;
}

async function waitFor(url: string, child: ChildProcess, output: () => string, t0: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) {
        await res.arrayBuffer();
        return performance.now() - t0;
      }
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t0 > 120_000) throw new Error(`no 200 from ${url}:\n${output()}`);
    await sleep(20);
  }
}

async function once(dist: string, dataDir: string, opts: { idle: boolean; profileDir?: string }): Promise<Run> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  const args = [
    ...(opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`] : []),
    '--enable-source-maps',
    path.join(dist, 'main.js'),
  ];
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      SMTP_URL: '',
      GOOGLE_CLIENT_ID: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PASSWORD_HASH_COST: '15',
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      REPORT_WRITER: 'offline',
      WEB_DIST_DIR: path.join(ROOT, 'apps/web/dist'),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  try {
    const healthMs = await waitFor(`${url}/api/health`, child, () => out, t0);
    const healthCpuMs = cpuMs(child.pid!);
    const readyMs = await waitFor(`${url}/api/ready`, child, () => out, t0);
    let idleRssMb = 0;
    let afterPagesRssMb = 0;
    if (opts.idle) {
      await sleep(IDLE_MS);
      idleRssMb = rssMb(child.pid!);
      const list = (await (await fetch(`${url}/api/blog/posts?post_type=blog&limit=9`)).json()) as { posts: { slug: string }[] };
      const slug = list.posts[0]?.slug ?? 'none';
      for (const p of [
        '/',
        '/blog',
        '/pricing',
        `/blog/${slug}`,
        '/sitemap.xml',
        '/rss/blog.xml',
        '/api/tokens/packages',
        `/api/blog/posts/${slug}?post_type=blog`,
      ]) {
        await (await fetch(`${url}${p}`, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
      }
      await sleep(5_000);
      afterPagesRssMb = rssMb(child.pid!);
    }
    return { healthMs, healthCpuMs, readyMs, idleRssMb, afterPagesRssMb };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const builds = [{ name: 'this build', dist: path.join(ROOT, 'apps/server/dist') }];
  if (BASE) builds.push({ name: `base (${BASE})`, dist: path.resolve(ROOT, BASE) });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-bench-startup-'));
  try {
    // A first start creates and migrates the database; the runs below start with it there.
    const first = await once(builds[0]!.dist, dataDir, { idle: false });
    console.log(`first start (new data directory): health ${Math.round(first.healthMs)} ms, ready ${Math.round(first.readyMs)} ms`);
    if (PROFILE) {
      const r = await once(builds[0]!.dist, dataDir, { idle: false, profileDir: path.resolve(PROFILE) });
      console.log(`profiled start: health ${Math.round(r.healthMs)} ms → ${PROFILE}`);
      return;
    }
    console.log(`load average (1 / 5 / 15 min) before: ${load()}`);
    const runs = new Map<string, Run[]>(builds.map((b) => [b.name, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const b of builds) {
        const r = await once(b.dist, dataDir, { idle: i === 0 });
        runs.get(b.name)!.push(r);
        console.log(
          `${b.name} #${i + 1}: health ${Math.round(r.healthMs)} ms (CPU ${Math.round(r.healthCpuMs)} ms), ready ${Math.round(r.readyMs)} ms${r.idleRssMb ? `, idle RSS ${Math.round(r.idleRssMb)} MB, after the public pages ${Math.round(r.afterPagesRssMb)} MB` : ''} (load ${load()})`,
        );
      }
    }
    console.log(`load average after: ${load()}`);
    console.log(
      '\n| build | first 200 on /api/health (median of ' +
        RUNS +
        ') | CPU used by then (median) | /api/ready | runs (health) | idle RSS (' +
        IDLE_MS / 1000 +
        ' s) | RSS after the public pages |\n|---|---|---|---|---|---|---|',
    );
    for (const b of builds) {
      const rs = runs.get(b.name)!;
      console.log(
        `| ${b.name} | **${(median(rs.map((r) => r.healthMs)) / 1000).toFixed(2)} s** | ${(median(rs.map((r) => r.healthCpuMs)) / 1000).toFixed(2)} s | ${(median(rs.map((r) => r.readyMs)) / 1000).toFixed(2)} s | ${rs.map((r) => (r.healthMs / 1000).toFixed(2)).join(', ')} | ${Math.round(rs[0]!.idleRssMb)} MB | ${Math.round(rs[0]!.afterPagesRssMb)} MB |`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
