import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { ENTERPRISE_CONTACT_PATH } from '../lib/pricing.ts';

/** The help note pointing to sales for enterprise deals. */
export function EnterpriseNote({ className }: { className?: string }) {
  return (
    <aside
      aria-label="Enterprise pricing"
      className={cn(
        'flex flex-col gap-4 rounded-2xl border border-brand-100 bg-brand-50/60 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6',
        className,
      )}
    >
      <div className="flex gap-3">
        <svg
          viewBox="0 0 24 24"
          className="mt-0.5 size-6 shrink-0 text-brand-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          <path
            d="M8 10h.01M12 10h.01M16 10h.01M21 12a9 9 0 0 1-13.4 7.9L3 21l1.1-4.6A9 9 0 1 1 21 12Z"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <div>
          <p className="font-semibold text-slate-900">Need more tokens or a team plan?</p>
          <p className="mt-1 text-sm text-slate-600">
            Our sales team arranges enterprise deals: volume pricing, invoicing and dedicated support for universities, tech-transfer
            offices and corporate R&amp;D teams.
          </p>
        </div>
      </div>
      <Link
        to={ENTERPRISE_CONTACT_PATH}
        className="inline-flex shrink-0 items-center justify-center rounded-lg border border-brand-200 bg-white px-4 py-2.5 text-sm font-medium text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Talk to sales
      </Link>
    </aside>
  );
}
