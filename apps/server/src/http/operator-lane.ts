import type { Db } from '../db/client.ts';

/**
 * The embedded database is one PGlite connection running in this process's own thread: while
 * an operator page's statements run, nothing else does, public pages included (a copy from
 * the public cache too). So on PGlite operator requests take turns in one lane, and after each
 * the lane stays shut three times as long as that request held it: operators loading pages back
 * to back get at most about a quarter of the process, public readers the rest (issue 17,
 * decision 071).
 * An operator who clicks now and then never waits; PostgreSQL, with its own processes and a
 * pool, needs no lane.
 */
export interface OperatorLane {
  /** Waits for the lane; the function returned leaves it (a second call does nothing). */
  enter(): Promise<() => void>;
}

/** How long the lane rests after a request, per millisecond the request held it. */
const REST_FACTOR = 3;
/** The longest the lane rests after one request, and the longest one request may hold it. */
const MAX_REST_MS = 1_000;
const MAX_HOLD_MS = 60_000;

export function createOperatorLane(now: () => number = () => performance.now()): OperatorLane {
  let free: Promise<void> = Promise.resolve();
  return {
    async enter() {
      const before = free;
      let open!: () => void;
      free = new Promise((resolve) => (open = resolve));
      await before;
      const start = now();
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        clearTimeout(stuck);
        setTimeout(open, Math.min(REST_FACTOR * (now() - start), MAX_REST_MS));
      };
      // A request that never ends (a lost connection the server did not see) frees the lane anyway.
      const stuck = setTimeout(leave, MAX_HOLD_MS);
      stuck.unref();
      return leave;
    },
  };
}

const lanes = new WeakMap<Db, OperatorLane>();

/** The lane of an embedded database (one per database, so per process); none for PostgreSQL. */
export function operatorLaneOf(db: Pick<Db, 'kind'> & object): OperatorLane | undefined {
  if (db.kind !== 'pglite') return undefined;
  let lane = lanes.get(db as Db);
  if (!lane) lanes.set(db as Db, (lane = createOperatorLane()));
  return lane;
}
