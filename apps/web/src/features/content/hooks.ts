import { REPORT_COSTS } from '@assay/shared';
import { useEffect } from 'react';
import { useSession } from '../../lib/session.ts';
import { useTokenBalance } from '../billing/index.ts';

/**
 * Whether to promise the free report: to visitors, and to members whose sign-up bonus still pays
 * for a Basic report (until the balance is known: members who have not generated a report yet).
 */
export function useFreeReportOffer(): boolean {
  const { user } = useSession();
  const balance = useTokenBalance();
  if (!user) return true;
  if (balance.data) return balance.data.bonus_tokens >= REPORT_COSTS.basic;
  return user.reports_generated === 0;
}

/**
 * Loads an outside script (e.g. the scheduling embed) while the page is shown. A script that
 * cannot be loaded is ignored on purpose (docs/product.md §8: the failure is handled silently).
 */
export function useExternalScript(src: string | undefined) {
  useEffect(() => {
    if (!src) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.owner = 'content';
    script.onerror = () => {
      /* silently ignored: the page works without it */
    };
    document.body.appendChild(script);
    return () => {
      script.onerror = null;
      script.remove();
    };
  }, [src]);
}
