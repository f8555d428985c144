/**
 * One request to a search API with a timeout per attempt, retries with backoff for timeouts,
 * network errors and 5xx, and 429 handled by waiting the server's Retry-After. Each source may
 * read its service's other answers its own way (`classify`: OpenAlex's 403 means "slow down",
 * its 429 a spent daily allowance; OPS speaks XML faults) and wait for a shared budget before
 * every attempt (`beforeAttempt`). Failures end as a SearchError whose message is a plain
 * sentence the report can print.
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

export type SearchFailure = 'timeout' | 'rate_limited' | 'budget_spent' | 'unavailable' | 'rejected' | 'malformed' | 'aborted';

export class SearchError extends Error {
  override readonly name = 'SearchError';
  constructor(
    readonly failure: SearchFailure,
    /** Plain words, e.g. "did not answer within 10 s". */
    readonly plain: string,
    readonly status?: number,
    /** For a spent budget: when the service will answer again. */
    readonly until?: Date,
  ) {
    super(plain);
  }
}

class AttemptTimeout extends Error {}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`.replace('.0 s', ' s');

export function headerRecord(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((v, k) => (out[k] = v));
  return out;
}

/** An answer that was not 2xx, as a source's classifier sees it. */
export interface FailedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What to do with it: try again (after `waitMs`, or the usual backoff) or stop. */
export type Verdict = { retry: SearchError; waitMs?: number } | { fail: SearchError };

/** The common reading: 429 waits for Retry-After, 5xx retries, any other refusal is final. */
export function defaultVerdict(a: FailedAnswer): Verdict {
  if (a.status === 429) {
    return {
      retry: new SearchError('rate_limited', 'refused the search because of its rate limit (HTTP 429)', 429),
      waitMs: retryAfterMs(a.headers),
    };
  }
  if (a.status >= 500) return { retry: new SearchError('unavailable', `was unavailable (HTTP ${a.status})`, a.status) };
  return { fail: new SearchError('rejected', `rejected the search (HTTP ${a.status})`, a.status) };
}

export interface RequestSpec {
  url: URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  accept?: string;
  /** Reads a non-2xx answer; `defaultVerdict` when absent. */
  classify?: (answer: FailedAnswer) => Verdict | Promise<Verdict>;
  /** Runs before every attempt (a shared rate budget waits here); may throw a SearchError. */
  beforeAttempt?: (signal?: AbortSignal) => Promise<void>;
  /** Sees every answer's headers (OPS's throttling state). */
  onHeaders?: (headers: Record<string, string>) => void;
}

/** The body of the first 2xx answer, as text. */
export async function requestText(spec: RequestSpec, policy: HttpPolicy, signal?: AbortSignal): Promise<string> {
  let failures = 0;
  for (;;) {
    if (signal?.aborted) throw new SearchError('aborted', 'was stopped');
    await spec.beforeAttempt?.(signal);
    let retry!: { error: SearchError; waitMs?: number | undefined };
    let answer: FailedAnswer | null = null;
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new AttemptTimeout()), policy.timeoutMs);
    try {
      const res = await fetch(spec.url, {
        method: spec.method ?? 'GET',
        headers: { accept: spec.accept ?? 'application/json', ...spec.headers },
        ...(spec.body !== undefined ? { body: spec.body } : {}),
        signal: signal ? AbortSignal.any([signal, timer.signal]) : timer.signal,
      });
      const body = await res.text();
      const headers = headerRecord(res.headers);
      spec.onHeaders?.(headers);
      if (res.ok) return body;
      answer = { status: res.status, headers, body };
    } catch {
      if (signal?.aborted) throw new SearchError('aborted', 'was stopped');
      retry = timer.signal.aborted
        ? { error: new SearchError('timeout', `did not answer within ${seconds(policy.timeoutMs)}`) }
        : { error: new SearchError('unavailable', 'could not be reached') };
    } finally {
      clearTimeout(timeout);
    }
    if (answer) {
      // Outside the try: a classifier may throw its own signal (OPS: "token expired") to its caller.
      const verdict = await (spec.classify ?? defaultVerdict)(answer);
      if ('fail' in verdict) throw verdict.fail;
      retry = { error: verdict.retry, waitMs: verdict.waitMs };
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

/** One JSON GET (or POST), read as JSON; a broken answer is not retried (the same request would most likely get the same answer). */
export async function getJson(
  url: URL,
  headers: Record<string, string>,
  policy: HttpPolicy,
  signal?: AbortSignal,
  extra: Omit<RequestSpec, 'url' | 'headers'> = {},
): Promise<unknown> {
  const body = await requestText({ ...extra, url, headers }, policy, signal);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new SearchError('malformed', 'sent an answer that could not be read');
  }
}

/** A failed answer's Retry-After, when it gave one. */
export function retryAfter(a: FailedAnswer): number | undefined {
  return retryAfterMs(a.headers);
}
