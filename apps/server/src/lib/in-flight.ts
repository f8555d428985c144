/**
 * Work started off a caller's path (a write after the response, a sweep, a pg-boss statement)
 * that a shutdown must wait for before it closes the pool: closing under a running query loses
 * the write and rejects with nobody listening.
 */
export function createInFlight() {
  const running = new Set<Promise<unknown>>();
  return {
    /** Tracks the promise until it settles, and returns it unchanged. */
    track<T>(promise: Promise<T>): Promise<T> {
      running.add(promise);
      const forget = () => running.delete(promise);
      promise.then(forget, forget);
      return promise;
    },
    /** Resolves once nothing tracked is running, including work started while waiting. */
    async settled(): Promise<void> {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}

export type InFlight = ReturnType<typeof createInFlight>;
