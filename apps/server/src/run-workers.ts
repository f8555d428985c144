import type { Deps } from './deps.ts';
import { sweepSeconds, type SweepDefinition } from './jobs/job-definition.ts';
import { createInFlight } from './lib/in-flight.ts';
import { jobs, sweeps } from './job-catalog.ts';

/**
 * Work off the request path, in the server (IN_PROCESS_WORKER) or a standalone worker: a
 * handler for every queued job, and every periodic sweep. Returns a function that stops it all
 * and waits for a sweep still running, so the database can be closed after it.
 */
export async function startWorkers(deps: Deps) {
  const { config, log } = deps;
  const stops: Array<() => void> = [];
  for (const job of jobs) {
    const handler = job.start(deps);
    if (handler.stop) stops.push(handler.stop);
    await deps.queue.work(job.name, job.policy(config).concurrency, handler.handle);
  }
  const stopSweeps = await startSweeps(deps, sweeps);
  log.info({ jobs: jobs.map((j) => j.name), concurrency: config.REPORT_WORKER_CONCURRENCY }, 'workers started');
  return async () => {
    stops.forEach((stop) => stop());
    await stopSweeps();
  };
}

/** A sweep's job carries nothing: its queue's name says what to run. */
const noPayload = { parse: () => ({}) };

/**
 * Each sweep runs as a job of its own queue (decision 243): every process offers it twice a
 * period, and the queue stores one job per sweep per period-long slot of the database's clock,
 * so a cluster runs each sweep once a period however many processes it has. A sweep that fails
 * is logged, and its job failed; the next period runs it again. `runAtStart` sweeps also run here,
 * once, before this returns. Returns a function that stops this process offering and taking
 * sweeps and resolves once none of its own is running.
 */
export async function startSweeps<D extends Pick<Deps, 'config' | 'log' | 'db' | 'queue'>>(
  deps: D,
  list: ReadonlyArray<SweepDefinition<D>>,
): Promise<() => Promise<void>> {
  const { config, log } = deps;
  const timers: Array<ReturnType<typeof setInterval>> = [];
  const leaves: Array<() => Promise<void>> = [];
  const sweeping = createInFlight();
  for (const sweep of list) {
    const seconds = sweepSeconds(sweep, config);
    const run = () => sweeping.track(sweep.run(deps));
    const failed = (err: unknown) => log.error({ err }, `sweep failed: ${sweep.name}`);
    if (sweep.runAtStart) await run().catch(failed);
    leaves.push(
      await deps.queue.work(
        sweep.name,
        1,
        () =>
          run().catch((err: unknown) => {
            failed(err);
            throw err; // the job is marked failed (not retried)
          }),
        // Its job is announced when offered; the look for an unannounced one can be as slow as the period allows.
        { pollSeconds: Math.min(30, Math.max(0.5, seconds / 2)) },
      ),
    );
    // Twice a period, so timer drift never skips a slot; a slot already queued stores nothing.
    const offer = () =>
      sweeping
        .track(
          deps.queue.enqueue(
            deps.db,
            { name: sweep.name, payload: noPayload },
            {},
            { singletonKey: sweep.name, singletonSeconds: seconds },
          ),
        )
        .catch((err: unknown) => log.error({ err }, `sweep not queued: ${sweep.name}`));
    timers.push(setInterval(offer, (seconds * 1000) / 2).unref());
  }
  return async () => {
    timers.forEach((timer) => clearInterval(timer));
    // This process takes no more sweeps; one it took is finished (and marked so) first.
    await Promise.all(leaves.map((leave) => leave()));
    await sweeping.settled();
  };
}
