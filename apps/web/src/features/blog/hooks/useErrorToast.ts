import { useEffect, useRef } from 'react';
import { showToast } from '../../../lib/toasts.ts';

/**
 * One error toast per failure of a query (MSG, docs/product.md §8), even when React runs effects
 * twice in development. `errorUpdatedAt` tells one failure from the next.
 */
export function useErrorToast(error: unknown, errorUpdatedAt: number, message: string | ((err: unknown) => string)) {
  const shown = useRef(0);
  useEffect(() => {
    if (!error || shown.current === errorUpdatedAt) return;
    shown.current = errorUpdatedAt;
    showToast('error', typeof message === 'function' ? message(error) : message);
  }, [error, errorUpdatedAt, message]);
}
