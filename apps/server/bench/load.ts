/**
 * Runs autocannon loads in a process of their own and answers their results. The scale
 * benchmark's embedded server lives in the benchmark's process, and a load generator on the
 * same event loop would take the time it is meant to measure. One child serves every load, one
 * at a time (starting a process per load cost about a second each on a loaded machine).
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';

const self = fileURLToPath(import.meta.url);
let child: ChildProcess | undefined;
let queue: Promise<unknown> = Promise.resolve();

export function loadApart(options: Options): Promise<Result> {
  const run = queue.then(
    () =>
      new Promise<Result>((resolve, reject) => {
        if (!child) {
          child = fork(self, ['--load-child'], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
          child.on('exit', () => (child = undefined));
          // The load process never keeps the benchmark alive.
          child.unref();
          child.channel?.unref();
        }
        const c = child;
        const onExit = (code: number | null) => reject(new Error(`load process ended with ${code}`));
        c.once('exit', onExit);
        c.channel?.ref();
        c.once('message', (r) => {
          c.off('exit', onExit);
          c.channel?.unref();
          resolve(r as Result);
        });
        c.send(options);
      }),
  );
  queue = run.catch(() => undefined);
  return run;
}

if (process.argv[1] === self && process.argv[2] === '--load-child') {
  process.on('message', (options: Options) => {
    void autocannon(options).then((r) =>
      process.send!({
        latency: r.latency,
        requests: r.requests,
        errors: r.errors,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
        statusCodeStats: r.statusCodeStats,
      }),
    );
  });
}

/**
 * Downloads `url` to the end in a process of its own, as a browser elsewhere would: the heavy
 * rows' own downloads (a 60 MB CSV) read in the benchmark's process would take the event loop
 * whose delay to other members they measure. curl: a small native process, so the download
 * itself takes little of the cores the server shares with it.
 */
export function downloadApart(url: string, headers: Record<string, string>): Promise<void> {
  const args = [
    '--silent',
    '--show-error',
    '--fail',
    '--output',
    '/dev/null',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    execFile('curl', args, (err) => (err ? reject(err) : resolve()));
  });
}
