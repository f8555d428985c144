import type { Deps } from '../../deps.ts';

/** What the payment use cases need. */
export type PurchaseDeps = Pick<Deps, 'config' | 'db' | 'log' | 'payments' | 'queue'>;
