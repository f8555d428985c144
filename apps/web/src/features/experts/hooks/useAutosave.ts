import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api.ts';

export type AutosaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; at: string }
  /** `closed`: the server will take no more saves (the review was delivered or cancelled meanwhile). */
  | { status: 'error'; message: string; closed: boolean };

/** Keepalive requests may carry at most 64 KiB; a larger draft is sent as usual (it still goes while the page stays). */
const KEEPALIVE_LIMIT = 60_000;

/**
 * Saves `value` a moment after it stops changing (decision 233): `delayMs` after the last change,
 * at once on `flush` (a field losing focus), and as the page is hidden or left (with keepalive, so
 * the request outlives the page), and when the form goes away. One save at a time: a change made
 * while one is on its way is sent after it, so saves arrive in order and the last one is what was
 * typed last. `initial` (the restored draft) counts as saved.
 */
export function useAutosave<T>(
  value: T,
  save: (value: T, keepalive: boolean) => Promise<{ saved_at: string | null }>,
  { initial, delayMs = 1500 }: { initial: T; delayMs?: number },
) {
  const [state, setState] = useState<AutosaveState>({ status: 'idle' });
  const json = JSON.stringify(value);
  const latest = useRef(json);
  const saved = useRef<string>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const busy = useRef(false);
  const again = useRef(false);
  const closed = useRef(false);
  const saveRef = useRef(save);
  const alive = useRef(true);
  // What the handlers below read: the value and the save of the last render, before any effect runs.
  useLayoutEffect(() => {
    latest.current = json;
    saveRef.current = save;
    saved.current ??= JSON.stringify(initial);
  });

  const run = useCallback(async (keepalive = false): Promise<void> => {
    clearTimeout(timer.current);
    if (closed.current) return;
    if (busy.current) {
      again.current = true;
      return;
    }
    const body = latest.current;
    if (body === saved.current) return;
    busy.current = true;
    if (alive.current) setState({ status: 'saving' });
    try {
      const r = await saveRef.current(JSON.parse(body) as T, keepalive && body.length < KEEPALIVE_LIMIT);
      saved.current = body;
      if (alive.current) setState({ status: 'saved', at: r.saved_at ?? new Date().toISOString() });
    } catch (err) {
      // 409: delivered or cancelled meanwhile; 404: no longer this expert's. Nothing later will save.
      closed.current = err instanceof ApiError && (err.status === 409 || err.status === 404);
      if (alive.current) setState({ status: 'error', message: errorText(err), closed: closed.current });
    } finally {
      busy.current = false;
      if (again.current) {
        again.current = false;
        void run(keepalive);
      }
    }
  }, []);

  // A change: save once typing has paused.
  useEffect(() => {
    if (json === saved.current || closed.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(), delayMs);
  }, [json, delayMs, run]);

  // Leaving: the tab hidden or closed, or the form unmounted (back to the list).
  useEffect(() => {
    alive.current = true;
    const leave = () => void run(true);
    const hidden = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      alive.current = false;
      leave();
    };
  }, [run]);

  /** Saves now what is not saved yet (a field lost focus; a retry after a failure). */
  const flush = useCallback(() => void run(), [run]);
  /** Stops saving while the review is being delivered (its draft goes with the delivery)… */
  const stop = useCallback(() => {
    clearTimeout(timer.current);
    closed.current = true;
  }, []);
  /** …and saves again if the delivery was refused (the form stays, and so does the expert's work). */
  const resume = useCallback(() => {
    closed.current = false;
    void run();
  }, [run]);
  return { state, flush, stop, resume };
}
