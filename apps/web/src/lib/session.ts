import { RETURNING_ATTRIBUTE, SESSION_FLAG, type authEndpoints, type EndpointResponse, type User } from '@assay/shared';
import { useSyncExternalStore } from 'react';

/**
 * The member's session. The access token lives only in memory; the refresh token is an
 * httpOnly cookie the server sets, so script on the page can never read it. A flag in
 * localStorage says whether a session may exist, to skip a pointless refresh for visitors; the
 * page's first-paint script reads it too, to keep the visitor's offers hidden from a returning
 * member until the session is known (packages/shared/src/first-paint.ts, decision 171).
 *
 * Only the server refusing the refresh token (401) ends the session. A refresh that fails
 * otherwise — the server restarting (503), the network gone, the page reloaded mid-request —
 * leaves the flag and the cookie, and is tried again (decision 170).
 */
interface State {
  accessToken: string | undefined;
  user: User | undefined;
  /** True until the session is known: restored, or ended by the server. */
  restoring: boolean;
  /** The last try to restore could not reach the server; another follows (RETRY_SECONDS). */
  unreachable: boolean;
}

/** What a refresh came to: a new access token, the session ended (401), or no answer to go by. */
export type RefreshOutcome = 'ok' | 'expired' | 'unavailable';

/** The waits between tries to restore a session the server could not be asked about: then every 30 s. */
const RETRY_SECONDS = [1, 2, 4, 8, 15, 30];

/**
 * A visitor: what the server renders and the client's hydration starts from (decision 128). A
 * visitor's client starts in this very state (no session to restore), so hydration sees no change;
 * a returning member's starts restoring and the screens follow once it is known.
 */
const SIGNED_OUT: State = { accessToken: undefined, user: undefined, restoring: false, unreachable: false };
const maySignIn = () => typeof localStorage !== 'undefined' && localStorage.getItem(SESSION_FLAG) !== null;
let state: State = maySignIn() ? { ...SIGNED_OUT, restoring: true } : SIGNED_OUT;
const listeners = new Set<() => void>();
let inflight: Promise<RefreshOutcome> | undefined;
/** Ends the wait before the next try to restore (Try again, back online, the tab shown again). */
let retryNow: (() => void) | undefined;

function set(next: Partial<State>) {
  // Nothing changed: no new snapshot, so no screen re-renders (one still hydrating would be redrawn).
  if (Object.entries(next).every(([k, v]) => state[k as keyof State] === v)) return;
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

/** Marks <html> as the first-paint script does, so the stylesheet's visitor-only rule follows the flag. */
function markReturning(returning: boolean) {
  if (typeof document === 'undefined') return;
  if (returning) document.documentElement.setAttribute(RETURNING_ATTRIBUTE, '');
  else document.documentElement.removeAttribute(RETURNING_ATTRIBUTE);
}

/** Waits `seconds`, or less when told to try now. */
function pause(seconds: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      document.removeEventListener('visibilitychange', shown);
      retryNow = undefined;
      resolve();
    };
    const shown = () => document.visibilityState === 'visible' && done();
    const timer = setTimeout(done, seconds * 1000);
    window.addEventListener('online', done);
    document.addEventListener('visibilitychange', shown);
    retryNow = done;
  });
}

async function doRefresh(): Promise<RefreshOutcome> {
  try {
    // Its own fetch, not the API client: the client calls this on a 401 and must not loop back into it.
    // The declarations (and zod with them) load only when a session may exist: a visitor's
    // first screen does not wait for them (decision 126).
    const { refreshPath } = await import('./refresh-endpoint.ts');
    const res = await fetch(refreshPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
    if (res.status === 401) return 'expired';
    if (!res.ok) return 'unavailable';
    const body = (await res.json()) as EndpointResponse<typeof authEndpoints.refresh>;
    set({ accessToken: body.access_token });
    return 'ok';
  } catch {
    // No answer (offline, the page unloading) or one that could not be read: nothing to go by.
    return 'unavailable';
  }
}

/** One try to restore: done (restored or ended), or to be tried again. */
async function restoreOnce(loadUser: () => Promise<User>): Promise<'done' | 'again'> {
  const outcome = await session.refresh();
  if (outcome === 'expired') {
    session.clear();
    return 'done';
  }
  if (outcome === 'unavailable') return 'again';
  try {
    set({ user: await loadUser(), restoring: false, unreachable: false });
    return 'done';
  } catch {
    // The API client ends the session itself when the server refuses it; anything else is tried again.
    return state.accessToken ? 'again' : 'done';
  }
}

export const session = {
  accessToken: () => state.accessToken,
  user: () => state.user,
  /** One refresh at a time: concurrent 401s share it, so a rotated token is never reused. */
  refresh(): Promise<RefreshOutcome> {
    inflight ??= doRefresh().finally(() => {
      inflight = undefined;
    });
    return inflight;
  },
  signIn(accessToken: string, user: User) {
    localStorage.setItem(SESSION_FLAG, '1');
    markReturning(true);
    set({ accessToken, user, restoring: false, unreachable: false });
  },
  setUser(user: User) {
    set({ user });
  },
  /** The session ended (signed out, or the server refused it): this browser is a visitor's again. */
  clear() {
    localStorage.removeItem(SESSION_FLAG);
    markReturning(false);
    set({ accessToken: undefined, user: undefined, restoring: false, unreachable: false });
  },
  /**
   * On page load: turn the refresh cookie (if any) back into a session. While the server cannot be
   * asked, the session stays unknown (`restoring`, `unreachable`) and is tried again, with growing
   * waits, sooner on Try again, when the browser is back online or the tab is shown again.
   */
  async restore(loadUser: () => Promise<User>) {
    if (!maySignIn()) {
      markReturning(false);
      return set({ restoring: false });
    }
    for (let attempt = 0; state.restoring; attempt++) {
      if ((await restoreOnce(loadUser)) === 'done' || !state.restoring) return;
      set({ unreachable: true });
      await pause(RETRY_SECONDS[Math.min(attempt, RETRY_SECONDS.length - 1)]!);
    }
  },
  /** Tries to restore now instead of after the wait (a Try again button). */
  retryNow() {
    retryNow?.();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => state,
};

export function useSession() {
  return useSyncExternalStore(session.subscribe, session.snapshot, () => SIGNED_OUT);
}
