import type { Deps } from '../../deps.ts';

/** What the refund use cases need: the database, the payment provider, the job queue (mail). */
export type RefundDeps = Pick<Deps, 'db' | 'payments' | 'queue' | 'config' | 'log'>;
