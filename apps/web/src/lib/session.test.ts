import { RETURNING_ATTRIBUTE, SESSION_FLAG, type User } from '@assay/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../test/http.ts';

const USER: User = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  is_verified: true,
  reports_generated: 0,
  created_at: '2025-07-18T00:00:00.000Z',
  last_login: null,
  auth_provider: 'password',
};
const REFRESHED = { access_token: 'new-token', refresh_token: 'r2', token_type: 'bearer', expires_in: 900 };

/** A page load of a browser that holds the session flag (the first-paint script marked <html>). */
async function returningLoad() {
  localStorage.setItem(SESSION_FLAG, '1');
  document.documentElement.setAttribute(RETURNING_ATTRIBUTE, '');
  vi.resetModules();
  const { session } = await import('./session.ts');
  // Loaded with the first refresh; loaded here, so that the fake clock alone decides what happens when.
  await import('./refresh-endpoint.ts');
  return session;
}

/** Answers each refresh with the next of `answers` (a Response, or a thrown network error). */
function refreshAnswers(...answers: (Response | Error)[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  return calls;
}

/** Lets the pending promises run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.removeAttribute(RETURNING_ATTRIBUTE);
});

describe('restoring a session on page load (decision 170)', () => {
  it.each([
    ['a 503', json(503, { detail: 'Service unavailable' })],
    ['a 502 from a proxy', new Response('<html>Bad gateway</html>', { status: 502 })],
    ['a 429', json(429, { detail: 'Too many requests' })],
    ['a network error', new TypeError('Failed to fetch')],
  ])('%s keeps the session unknown (not signed out), and a later try restores it', async (_name, failure) => {
    const session = await returningLoad();
    const calls = refreshAnswers(failure, json(200, REFRESHED));
    const loadUser = vi.fn(async () => USER);
    const done = session.restore(loadUser);
    await settle();
    expect(session.snapshot()).toMatchObject({ restoring: true, unreachable: true, user: undefined });
    expect(localStorage.getItem(SESSION_FLAG)).toBe('1');
    expect(document.documentElement.hasAttribute(RETURNING_ATTRIBUTE)).toBe(true);
    expect(calls).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(calls).toHaveLength(2);
    expect(session.snapshot()).toMatchObject({ restoring: false, unreachable: false, user: USER, accessToken: 'new-token' });
  });

  it('waits longer after each failure, and Try again asks at once', async () => {
    const session = await returningLoad();
    const down = () => json(503, {});
    const calls = refreshAnswers(down(), down(), down(), json(200, REFRESHED));
    const done = session.restore(async () => USER);
    await settle();
    await vi.advanceTimersByTimeAsync(1000); // second try after 1 s
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1500); // the third waits 2 s
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(3);
    session.retryNow(); // instead of waiting 4 s
    await settle();
    await done;
    expect(calls).toHaveLength(4);
    expect(session.user()).toEqual(USER);
  });

  it('a 401 ends the session: the flag and the mark on <html> go, and nothing is tried again', async () => {
    const session = await returningLoad();
    const calls = refreshAnswers(json(401, { detail: 'Your session has expired. Please sign in again.' }));
    await session.restore(async () => USER);
    expect(session.snapshot()).toMatchObject({ restoring: false, unreachable: false, user: undefined });
    expect(localStorage.getItem(SESSION_FLAG)).toBeNull();
    expect(document.documentElement.hasAttribute(RETURNING_ATTRIBUTE)).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });

  it('a member whose profile could not be read (the server went away after the refresh) is tried again, not signed out', async () => {
    const session = await returningLoad();
    refreshAnswers(json(200, REFRESHED), json(200, { ...REFRESHED, access_token: 'newer-token' }));
    const loadUser = vi.fn<() => Promise<User>>().mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce(USER);
    const done = session.restore(loadUser);
    await settle();
    expect(session.snapshot()).toMatchObject({ restoring: true, unreachable: true });
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(session.user()).toEqual(USER);
    expect(localStorage.getItem(SESSION_FLAG)).toBe('1');
  });

  it('a visitor (no flag) asks nothing and clears a stale mark', async () => {
    vi.resetModules();
    document.documentElement.setAttribute(RETURNING_ATTRIBUTE, '');
    const { session } = await import('./session.ts');
    const calls = refreshAnswers();
    await session.restore(async () => USER);
    expect(calls).toHaveLength(0);
    expect(session.snapshot()).toMatchObject({ restoring: false, user: undefined });
    expect(document.documentElement.hasAttribute(RETURNING_ATTRIBUTE)).toBe(false);
  });
});
