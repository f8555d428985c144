import { describe, expect, it } from 'vitest';
import { backoffMs, retryAfterMs, sleep } from './retry-policy.ts';

describe('retry policy', () => {
  it('reads Retry-After in seconds, retry-after-ms, and HTTP dates', () => {
    expect(retryAfterMs({ 'retry-after': '2' })).toBe(2000);
    expect(retryAfterMs({ 'retry-after': '0.25' })).toBe(250);
    expect(retryAfterMs({ 'Retry-After-Ms': '120', 'retry-after': '9' })).toBe(120);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }, now)).toBe(30_000);
  });

  it('ignores absent or unusable values', () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs({})).toBeUndefined();
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs({ 'retry-after': '-5' })).toBeUndefined();
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffMs(1, 100, 10_000, () => 0)).toBe(50);
    expect(backoffMs(1, 100, 10_000, () => 1)).toBe(100);
    expect(backoffMs(3, 100, 10_000, () => 1)).toBe(400);
    expect(backoffMs(20, 100, 1_000, () => 1)).toBe(1_000);
  });

  it('sleeps, and stops sleeping when aborted', async () => {
    const t0 = Date.now();
    await sleep(30);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25);
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(new Error('stop')), 10);
    await expect(sleep(10_000, ctl.signal)).rejects.toThrow('stop');
  });
});
