import type { FastifyBaseLogger } from 'fastify';

/**
 * Work started after a response (webhook crediting). Tracked so closing the app waits for it
 * instead of cutting it off; anything that never finishes is picked up by the reconciler.
 */
export function createAfterResponseTasks(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  return {
    run(what: string, fn: () => Promise<unknown>) {
      const task: Promise<void> = fn()
        .then(() => undefined)
        .catch((err: unknown) => log.error({ err }, `background task failed: ${what}`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
