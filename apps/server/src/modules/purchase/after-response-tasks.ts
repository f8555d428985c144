import type { FastifyBaseLogger } from 'fastify';
import { createInFlight } from '../../lib/in-flight.ts';

/**
 * Work started after a response (webhook crediting). Tracked so closing the app waits for it
 * instead of cutting it off; anything that never finishes is picked up by the reconciler.
 */
export function createAfterResponseTasks(log: FastifyBaseLogger) {
  const inFlight = createInFlight();
  return {
    run(what: string, fn: () => Promise<unknown>) {
      void inFlight.track(fn().catch((err: unknown) => log.error({ err }, `background task failed: ${what}`)));
    },
    idle: inFlight.settled,
  };
}
