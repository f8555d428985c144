/**
 * How long to wait before retrying a transient failure: the provider's Retry-After when it gave
 * one, otherwise exponential backoff with jitter.
 */

/** Reads `retry-after-ms` (OpenAI) or `retry-after` (seconds or an HTTP date). Undefined if absent or unusable. */
export function retryAfterMs(headers: Record<string, string | undefined> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const get = (name: string) => {
    const hit = Object.keys(headers).find((k) => k.toLowerCase() === name);
    return hit === undefined ? undefined : headers[hit];
  };
  const ms = get('retry-after-ms');
  if (ms !== undefined && ms.trim() !== '') {
    const n = Number(ms);
    if (Number.isFinite(n) && n >= 0) return n;
  }
  const value = get('retry-after');
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Backoff before retry number `retry` (1-based): base·2^(retry-1), with "equal jitter" (half
 * fixed, half random) so concurrent sections do not retry in lockstep; capped at `maxMs`.
 */
export function backoffMs(retry: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, retry - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
