import type { authEndpoints, EndpointResponse, User } from '@assay/shared';
import { useSyncExternalStore } from 'react';

/**
 * The member's session. The access token lives only in memory; the refresh token is an
 * httpOnly cookie the server sets, so script on the page can never read it. A flag in
 * localStorage says whether a session may exist, to skip a pointless refresh for visitors.
 */
interface State {
  accessToken: string | undefined;
  user: User | undefined;
  /** True until the first restore attempt has finished. */
  restoring: boolean;
}

const FLAG = 'assay_has_session';
/**
 * A visitor: what the server renders and the client's hydration starts from (decision 128). A
 * visitor's client starts in this very state (no session to restore), so hydration sees no change;
 * a returning member's starts restoring and the screens follow once it is known.
 */
const SIGNED_OUT: State = { accessToken: undefined, user: undefined, restoring: false };
const maySignIn = () => typeof localStorage !== 'undefined' && localStorage.getItem(FLAG) !== null;
let state: State = maySignIn() ? { ...SIGNED_OUT, restoring: true } : SIGNED_OUT;
const listeners = new Set<() => void>();
let inflight: Promise<boolean> | undefined;

function set(next: Partial<State>) {
  // Nothing changed: no new snapshot, so no screen re-renders (one still hydrating would be redrawn).
  if (Object.entries(next).every(([k, v]) => state[k as keyof State] === v)) return;
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

async function doRefresh(): Promise<boolean> {
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
    if (!res.ok) return false;
    const body = (await res.json()) as EndpointResponse<typeof authEndpoints.refresh>;
    set({ accessToken: body.access_token });
    return true;
  } catch {
    return false;
  }
}

export const session = {
  accessToken: () => state.accessToken,
  user: () => state.user,
  /** One refresh at a time: concurrent 401s share it, so a rotated token is never reused. */
  refresh(): Promise<boolean> {
    inflight ??= doRefresh().finally(() => {
      inflight = undefined;
    });
    return inflight;
  },
  signIn(accessToken: string, user: User) {
    localStorage.setItem(FLAG, '1');
    set({ accessToken, user, restoring: false });
  },
  setUser(user: User) {
    set({ user });
  },
  clear() {
    localStorage.removeItem(FLAG);
    set({ accessToken: undefined, user: undefined, restoring: false });
  },
  /** On page load: turn the refresh cookie (if any) back into a session. */
  async restore(loadUser: () => Promise<User>) {
    if (!localStorage.getItem(FLAG)) return set({ restoring: false });
    if (await session.refresh()) {
      try {
        return set({ user: await loadUser(), restoring: false });
      } catch {
        /* fall through */
      }
    }
    session.clear();
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
