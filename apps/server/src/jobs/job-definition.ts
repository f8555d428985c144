import type { z } from 'zod';
import type { Config } from '../config/env.ts';
import type { QueuedJob, QueueSpec } from './job-queue.ts';

/** How a queue retries and how many of its jobs one process runs at once. */
export type JobPolicy = Omit<QueueSpec, 'name'> & { concurrency: number };

/**
 * A queued job, declared once: its name, the payload it carries (checked when enqueued and
 * again when run), its retry and expiry policy, and the handler a worker process starts.
 * `Context` is what the handler is built from (the app's Deps); it is a parameter so this
 * layer does not import the composition root.
 */
export interface JobDefinition<Payload extends object, Context> {
  name: string;
  payload: z.ZodType<Payload>;
  policy(config: Config): JobPolicy;
  /** Builds this process's handler; `stop` ends whatever it started (heartbeats, timers). */
  start(context: Context): { handle(job: QueuedJob<Payload>): Promise<void>; stop?(): void };
}

/**
 * Periodic work, run by one worker process of the cluster each period (a queued job of its own,
 * see run-workers.ts). Each must still be idempotent: a run that outlasts its period may overlap
 * the next one in another process, and `runAtStart` runs it in every process that starts.
 */
export interface SweepDefinition<Context> {
  name: string;
  /** The period; the queue counts it in whole seconds, at least one. */
  everyMs(config: Config): number;
  /** Also run once in this process when the worker starts (start-up repair), whatever the others did. */
  runAtStart?: boolean;
  run(context: Context): Promise<void>;
}

export const defineJob = <Payload extends object, Context>(job: JobDefinition<Payload, Context>) => job;
export const defineSweep = <Context>(sweep: SweepDefinition<Context>) => sweep;

/** A job as the runner sees it: its payload is checked here, so every handler gets a valid one. */
export interface RunnableJob<Context> extends Pick<JobDefinition<object, Context>, 'name' | 'policy'> {
  start(context: Context): { handle(job: QueuedJob<unknown>): Promise<void>; stop?(): void };
}

export const runnable = <Payload extends object, Context>(job: JobDefinition<Payload, Context>): RunnableJob<Context> => ({
  name: job.name,
  policy: job.policy,
  start(context) {
    const handler = job.start(context);
    return { handle: (queued) => handler.handle({ ...queued, data: job.payload.parse(queued.data) }), stop: handler.stop };
  },
});

export const queueSpec = (job: RunnableJob<never>, config: Config): QueueSpec => {
  const { concurrency: _concurrency, ...spec } = job.policy(config);
  return { name: job.name, ...spec };
};

/** A sweep's period as its queue counts it: pg-boss's singleton slots are whole seconds. */
export const sweepSeconds = (sweep: SweepDefinition<never>, config: Config) => Math.max(1, Math.round(sweep.everyMs(config) / 1000));

/**
 * A sweep's queue. A failed run is not retried: the next period runs it again. Finished runs are
 * kept past the end of their slot (at least an hour), so the slot stays taken until it is over.
 */
export const sweepQueueSpec = (sweep: SweepDefinition<never>, config: Config): QueueSpec => ({
  name: sweep.name,
  retryLimit: 0,
  retryDelaySeconds: 0,
  expireInSeconds: 15 * 60,
  deleteAfterSeconds: Math.max(2 * sweepSeconds(sweep, config), 60 * 60),
});
