import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

/**
 * CPU-heavy work (rendering a PDF: tens to hundreds of milliseconds of synchronous layout) run on
 * worker threads, so the event loop that answers everyone else never waits for it. At most
 * `size` tasks run at once (one core each); more wait in order, up to `maxWaiting`, beyond which
 * `run` refuses at once (PoolBusyError) rather than let a queue grow without bound.
 *
 * Workers start with the first task and stay (unref'd: they never keep a process alive). The
 * script is a module that calls `serveTasks`; from TypeScript sources (tests, `npm run dev`) it
 * is loaded through tsx, from the build as the bundled `.js`.
 */
export interface WorkerPool<Task, Result> {
  run(task: Task): Promise<Result>;
  /** Tasks running and waiting now, and tasks finished since start. */
  stats(): { running: number; waiting: number; done: number };
  close(): Promise<void>;
}

export class PoolBusyError extends Error {
  constructor() {
    super('worker pool busy');
  }
}

interface Pending<Result> {
  task: unknown;
  resolve(value: Result): void;
  reject(err: unknown): void;
}

type Reply = { ok: true; result: unknown } | { ok: false; message: string };

export function createWorkerPool<Task, Result>(opts: {
  script: URL;
  size: number;
  maxWaiting: number;
  /** Turns what came back across the thread boundary into the result (a Uint8Array into a Buffer, say). */
  revive?: (value: unknown) => Result;
}): WorkerPool<Task, Result> {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending<Result>>();
  const waiting: Array<Pending<Result>> = [];
  let started = 0;
  let done = 0;
  let closed = false;

  const start = () => {
    const w = spawn(opts.script);
    started++;
    w.unref();
    w.on('message', (reply: Reply) => {
      const job = busy.get(w);
      busy.delete(w);
      done++;
      if (job) {
        if (reply.ok) job.resolve(opts.revive ? opts.revive(reply.result) : (reply.result as Result));
        else job.reject(new Error(reply.message));
      }
      next(w);
    });
    w.on('error', (err) => {
      // The worker died (out of memory, a crash in native code): fail its task, replace it.
      const job = busy.get(w);
      busy.delete(w);
      started--;
      job?.reject(err);
      if (!closed && waiting.length) give(start());
    });
    return w;
  };

  const give = (w: Worker) => {
    const job = waiting.shift();
    if (!job) return idle.push(w);
    busy.set(w, job);
    w.postMessage(job.task);
  };
  const next = (w: Worker) => (closed ? void w.terminate() : give(w));

  return {
    run(task) {
      if (closed) return Promise.reject(new Error('worker pool closed'));
      if (waiting.length >= opts.maxWaiting) return Promise.reject(new PoolBusyError());
      return new Promise<Result>((resolve, reject) => {
        waiting.push({ task, resolve, reject });
        const w = idle.pop() ?? (started < opts.size ? start() : undefined);
        if (w) give(w);
      });
    },
    stats: () => ({ running: busy.size, waiting: waiting.length, done }),
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error('worker pool closed'));
      await Promise.all([...idle.splice(0), ...busy.keys()].map((w) => w.terminate()));
    },
  };
}

/** Loads the script, through tsx when it is TypeScript (sources run by tsx or vitest). */
function spawn(script: URL): Worker {
  if (!script.pathname.endsWith('.ts')) return new Worker(script);
  // tsx's ES module entry (its package's "import" condition), found from its package.json.
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(path.join(path.dirname(pkg), 'dist/esm/api/index.mjs')).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(script.href)}); })`, {
    eval: true,
  });
}

/** In a worker script: answers each task posted to this thread with `handle`'s result. */
export function serveTasks<Task>(handle: (task: Task) => Promise<unknown>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  port.on('message', (task: Task) => {
    handle(task).then(
      (result) => port.postMessage({ ok: true, result } satisfies Reply),
      (err: unknown) => port.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies Reply),
    );
  });
}
