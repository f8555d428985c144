/**
 * One JSON GET to a search API with a timeout per attempt, retries with backoff for timeouts,
 * network errors and 5xx, and 429 handled by waiting the server's Retry-After. Failures end as
 * a SearchError whose message is a plain sentence the report can print.
 */
import { backoffMs, retryAfterMs, sleep } from '../lib/retry-policy.ts';

export interface HttpPolicy {
  /** Per attempt. */
  timeoutMs: number;
  /** Retries after the first attempt. */
  maxRetries: number;
  retryBaseDelayMs: number;
  /** Longest wait accepted, a server's Retry-After included; a longer one fails the search. */
  maxRetryDelayMs: number;
}

export type SearchFailure = 'timeout' | 'rate_limited' | 'unavailable' | 'rejected' | 'malformed' | 'aborted';

export class SearchError extends Error {
  override readonly name = 'SearchError';
  constructor(
    readonly failure: SearchFailure,
    /** Plain words, e.g. "did not answer within 10 s". */
    readonly plain: string,
    readonly status?: number,
  ) {
    super(plain);
  }
}

class AttemptTimeout extends Error {}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`.replace('.0 s', ' s');

function headerRecord(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((v, k) => (out[k] = v));
  return out;
}

export async function getJson(url: URL, headers: Record<string, string>, policy: HttpPolicy, signal?: AbortSignal): Promise<unknown> {
  let failures = 0;
  for (;;) {
    if (signal?.aborted) throw new SearchError('aborted', 'was stopped');
    let retry: { error: SearchError; waitMs?: number };
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new AttemptTimeout()), policy.timeoutMs);
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json', ...headers },
        signal: signal ? AbortSignal.any([signal, timer.signal]) : timer.signal,
      });
      const body = await res.text();
      if (res.ok) {
        try {
          return JSON.parse(body) as unknown;
        } catch {
          // A broken answer is not retried: the same request would most likely get the same answer.
          throw new SearchError('malformed', 'sent an answer that could not be read', res.status);
        }
      }
      if (res.status === 429) {
        retry = {
          error: new SearchError('rate_limited', 'refused the search because of its rate limit (HTTP 429)', 429),
          waitMs: retryAfterMs(headerRecord(res.headers)),
        };
      } else if (res.status >= 500) {
        retry = { error: new SearchError('unavailable', `was unavailable (HTTP ${res.status})`, res.status) };
      } else {
        throw new SearchError('rejected', `rejected the search (HTTP ${res.status})`, res.status);
      }
    } catch (e) {
      if (e instanceof SearchError) throw e;
      if (signal?.aborted) throw new SearchError('aborted', 'was stopped');
      retry = timer.signal.aborted
        ? { error: new SearchError('timeout', `did not answer within ${seconds(policy.timeoutMs)}`) }
        : { error: new SearchError('unavailable', 'could not be reached') };
    } finally {
      clearTimeout(timeout);
    }
    failures++;
    const wait = retry.waitMs ?? backoffMs(failures, policy.retryBaseDelayMs, policy.maxRetryDelayMs);
    if (failures > policy.maxRetries || wait > policy.maxRetryDelayMs) throw retry.error;
    try {
      await sleep(wait, signal);
    } catch {
      throw new SearchError('aborted', 'was stopped');
    }
  }
}
