import { basicAuthorization } from '@assay/shared';
import { useSyncExternalStore } from 'react';

/**
 * The operator's credentials (docs/product.md §6; decision 030): kept in sessionStorage, so they
 * last for this tab only and never reach the member's storage. Every operator call sends them
 * as basic authorization; Logout clears them.
 */
export interface AdminCredentials {
  username: string;
  /** The `Authorization` header value: `Basic base64(username:password)`. */
  authorization: string;
}

export const CREDENTIALS_KEY = 'assay.admin.credentials';

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: AdminCredentials | null } = { raw: null, value: null };

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function read(): AdminCredentials | null {
  const raw = storage()?.getItem(CREDENTIALS_KEY) ?? null;
  if (raw === cached.raw) return cached.value;
  let value: AdminCredentials | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<AdminCredentials>) : null;
    if (parsed && typeof parsed.username === 'string' && typeof parsed.authorization === 'string') {
      value = { username: parsed.username, authorization: parsed.authorization };
    }
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

const notify = () => listeners.forEach((l) => l());

export const adminCredentials = {
  get: read,
  /** Builds and stores the credentials of a successful login. */
  save(username: string, password: string): AdminCredentials {
    const value = { username, authorization: basicAuthorization(username, password) };
    storage()?.setItem(CREDENTIALS_KEY, JSON.stringify(value));
    notify();
    return value;
  },
  clear() {
    storage()?.removeItem(CREDENTIALS_KEY);
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The stored credentials, re-rendering on login and logout. */
export function useAdminCredentials(): AdminCredentials | null {
  return useSyncExternalStore(adminCredentials.subscribe, adminCredentials.get, () => null);
}
