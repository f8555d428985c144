import type { Deps } from './deps.ts';
import { createInFlight } from './lib/in-flight.ts';
import { jobs, sweeps } from './job-catalog.ts';

/**
 * Work off the request path, in the server (IN_PROCESS_WORKER) or a standalone worker: a
 * handler for every queued job, and every periodic sweep (each safe to run in several
 * processes at once). Returns a function that stops it all and waits for a sweep still running,
 * so the database can be closed after it.
 */
export async function startWorkers(deps: Deps) {
  const { config, log } = deps;
  const stops: Array<() => void> = [];
  const sweeping = createInFlight();
  for (const job of jobs) {
    const handler = job.start(deps);
    if (handler.stop) stops.push(handler.stop);
    await deps.queue.work(job.name, job.policy(config).concurrency, handler.handle);
  }
  for (const sweep of sweeps) {
    const run = () => sweeping.track(sweep.run(deps).catch((err: unknown) => log.error({ err }, `sweep failed: ${sweep.name}`)));
    if (sweep.runAtStart) await run();
    const timer = setInterval(run, sweep.everyMs(config)).unref();
    stops.push(() => clearInterval(timer));
  }
  log.info({ jobs: jobs.map((j) => j.name), concurrency: config.REPORT_WORKER_CONCURRENCY }, 'workers started');
  return async () => {
    stops.forEach((stop) => stop());
    await sweeping.settled();
  };
}
