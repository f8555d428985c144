import { PRODUCT_NAME } from '@assay/shared';

/** The product mark for the operator panel (it sits outside the public layout, so no home link). */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 32 32" className={compact ? 'size-7' : 'size-10'} aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4338ca" />
        <path d="M9 23l7-15 7 15M12 18h8" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={compact ? 'text-base font-bold text-slate-900' : 'text-xl font-bold text-slate-900'}>{PRODUCT_NAME}</span>
    </span>
  );
}
