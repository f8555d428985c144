import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';

/**
 * The embedded database is one PGlite connection running in this process's own thread: while
 * an operator page's statements run, nothing else does, public pages included. So on PGlite
 * operator requests take turns in one lane, and after each, while anyone else's request is in
 * flight, the lane stays shut three times as long as that request held it: operators loading
 * pages back to back get at most about a quarter of the process, public readers the rest
 * (issue 17, decision 071). With nobody else waiting the lane does not rest, since a rest would
 * give the process to no one (decision 250).
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

/**
 * `requestsInFlight` counts every request the app is answering, operators' included; those that
 * have entered the lane (waiting or holding it) are taken off to find whether anyone else waits.
 * Without a count, someone always is, and the lane always rests.
 */
export function createOperatorLane(
  now: () => number = () => performance.now(),
  requestsInFlight: () => number = () => Infinity,
): OperatorLane {
  let free: Promise<void> = Promise.resolve();
  let inLane = 0;
  return {
    async enter() {
      inLane++;
      const before = free;
      let open!: () => void;
      free = new Promise((resolve) => (open = resolve));
      await before;
      const start = now();
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        inLane--;
        clearTimeout(stuck);
        // A request still counted here (one that outstayed its hold) errs towards resting.
        if (requestsInFlight() - inLane <= 0) open();
        else setTimeout(open, Math.min(REST_FACTOR * (now() - start), MAX_REST_MS));
      };
      // A request that never ends (a lost connection the server did not see) frees the lane anyway.
      const stuck = setTimeout(leave, MAX_HOLD_MS);
      stuck.unref();
      return leave;
    },
  };
}

const lanes = new WeakMap<Db, OperatorLane>();
const inFlight = new WeakMap<Db, { count: number }>();

/** The lane of an embedded database (one per database, so per process); none for PostgreSQL. */
export function operatorLaneOf(db: Pick<Db, 'kind'> & object): OperatorLane | undefined {
  if (db.kind !== 'pglite') return undefined;
  let lane = lanes.get(db as Db);
  if (!lane) lanes.set(db as Db, (lane = createOperatorLane(undefined, () => requestsOf(db).count)));
  return lane;
}

function requestsOf(db: object) {
  let requests = inFlight.get(db as Db);
  if (!requests) inFlight.set(db as Db, (requests = { count: 0 }));
  return requests;
}

/**
 * Counts the app's requests in flight for the lane, from routing to the response's close (which
 * comes on an abort too). The public cache's copies are answered before Fastify and are not
 * counted: they need no database, and they are served between the lane's statements anyway.
 */
export function countRequestsForOperatorLane(app: FastifyInstance, db: Pick<Db, 'kind'> & object) {
  if (db.kind !== 'pglite') return;
  const requests = requestsOf(db);
  app.addHook('onRequest', (_request, reply, done) => {
    requests.count++;
    reply.raw.once('close', () => requests.count--);
    done();
  });
}
