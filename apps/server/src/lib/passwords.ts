import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { MSG } from '@assay/shared';
import { tooManyRequests } from './errors.ts';

/**
 * scrypt (memory-hard, built into Node): `scrypt$<log2N>$<r>$<p>$<salt>$<hash>`.
 * The cost is stored with each hash, so raising it later keeps old hashes valid.
 */
const KEY_LENGTH = 64;

/**
 * scrypt runs on libuv's small thread pool, which the rest of the server shares. Unbounded, a
 * sign-in flood queues hashes there faster than they finish and every other request waits
 * behind them. So at most `concurrency` hashes run at once and at most `queue` wait, and no one
 * waits for more than about MAX_WAIT_MS (a slow or busy machine hashes slower); anyone beyond
 * that is told at once to come back (429 + Retry-After) instead of waiting for minutes.
 * docs/decisions/055-password-hashing-cap.md
 */
export interface HashingLimits {
  concurrency: number;
  queue: number;
}

/**
 * Which line a hash waits in (decision 161). `trusted`: a sign-in from a browser holding a valid
 * device cookie for the account it signs in to. Its line is served first and is not full because
 * the anonymous one is, so a flood of strangers costs such a browser at most the hashes already
 * running plus the trusted ones ahead of it. Everything else is `anonymous`.
 */
export type HashingLane = 'trusted' | 'anonymous';

const limits: HashingLimits = { concurrency: 1, queue: 32 };
const waiting: Record<HashingLane, Array<() => void>> = { trusted: [], anonymous: [] };
let running = 0;
let peak = 0;
let averageMs = 100;
const MAX_WAIT_MS = 2000;

/**
 * Set once at start from PASSWORD_HASH_CONCURRENCY / PASSWORD_HASH_QUEUE. The peak and the average
 * hash time are measured afresh under the new limits: a figure from other limits (or another
 * app in the same process, as test files sharing a worker are) would misjudge the wait.
 */
export function limitPasswordHashing(next: HashingLimits) {
  Object.assign(limits, next);
  peak = running;
  averageMs = 100;
}

/** The most hashes that ever ran at once in this process (for tests and benchmarks). */
export const peakConcurrentHashes = () => peak;

/** Hashes waiting in each line now (for tests and benchmarks). */
export const waitingHashes = () => ({ trusted: waiting.trusted.length, anonymous: waiting.anonymous.length });

/**
 * Throws the gate's 429 when a hash asked for now in `lane` would be turned away. Sign-in calls
 * it first, so a flood is refused before it costs any database work either. A trusted hash waits
 * only behind the trusted ones (they go first); an anonymous one behind both lines.
 */
export function assertHashingCapacity(lane: HashingLane = 'anonymous') {
  if (running < limits.concurrency) return;
  const ahead = lane === 'trusted' ? waiting.trusted.length : waiting.trusted.length + waiting.anonymous.length;
  const waitMs = ((ahead + 1) / limits.concurrency) * averageMs;
  if (waiting[lane].length >= limits.queue || waitMs > MAX_WAIT_MS) {
    throw tooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)), MSG.passwordChecksBusy);
  }
}

async function gated<T>(work: () => Promise<T>, lane: HashingLane): Promise<T> {
  if (running >= limits.concurrency) {
    assertHashingCapacity(lane);
    // A finishing hash hands its slot straight to the next in line, so none can slip in between.
    await new Promise<void>((resolve) => waiting[lane].push(resolve));
  } else {
    running++;
  }
  peak = Math.max(peak, running);
  const start = performance.now();
  try {
    return await work();
  } finally {
    averageMs = 0.8 * averageMs + 0.2 * (performance.now() - start);
    // Trusted browsers first: a flood fills only the anonymous line.
    const next = waiting.trusted.shift() ?? waiting.anonymous.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, lane: HashingLane = 'anonymous') {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r + 1024 * 1024 };
  return gated(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
    lane,
  );
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, 8, 1);
  return ['scrypt', logN, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Stored for a password account whose password no one has proved (a contested sign-up, decision
 * 050): not a hash, so verifyPassword never accepts it, yet the account still "has a password".
 */
export const NO_PASSWORD = '!no-password';

export async function verifyPassword(password: string, stored: string, lane: HashingLane = 'anonymous'): Promise<boolean> {
  const [alg, logN, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(logN), Number(r), Number(p), lane);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A real hash to compare against when the account does not exist, so timing reveals nothing. One
 * per cost: checking against a cheaper hash than real accounts have would tell them apart.
 */
const dummies = new Map<number, Promise<string>>();
export function dummyHash(logN: number): Promise<string> {
  let dummy = dummies.get(logN);
  if (!dummy) {
    // Not remembered if the cap turned it away, so the next attempt makes it.
    dummy = hashPassword('not-a-real-password', logN).catch((err: unknown) => {
      dummies.delete(logN);
      throw err;
    });
    dummies.set(logN, dummy);
  }
  return dummy;
}
