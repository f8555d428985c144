import type { AdminStats } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/Card.tsx';
import { statsQuery } from '../api/stats.ts';
import { formatCount, purchaseBreakdown } from '../lib/format.ts';
import { EvidenceSources } from './EvidenceSources.tsx';
import { RevenueFigures } from './RevenueFigures.tsx';
import type { AdminTab } from './tabs.ts';
import { ListSpinner, LoadError } from './Shared.tsx';

/** Four stat cards, four shortcuts (docs/product.md §2) and the prior-art sources' health (decision 210). */
export function DashboardTab({ onOpen }: { onOpen: (tab: AdminTab) => void }) {
  const stats = useQuery(statsQuery());
  return (
    <div className="space-y-8">
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Statistics
        </h2>
        {stats.data ? (
          <StatCards stats={stats.data} />
        ) : stats.isError ? (
          <LoadError what="the statistics" onRetry={() => void stats.refetch()} />
        ) : (
          <ListSpinner />
        )}
      </section>
      <section aria-labelledby="shortcuts-heading">
        <h2 id="shortcuts-heading" className="text-lg font-semibold text-slate-900">
          Quick actions
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Shortcut
            title="Manage Users"
            text="Search members, see their reports and purchases, export to Excel."
            onClick={() => onOpen('users')}
            icon={<UsersIcon />}
          />
          <Shortcut
            title="Blog Posts"
            text="Write, edit and publish articles for the public blog."
            onClick={() => onOpen('blog')}
            icon={<DocIcon />}
          />
          <Shortcut
            title="Press Releases"
            text="Manage announcements shown on the press page."
            onClick={() => onOpen('press')}
            icon={<MegaphoneIcon />}
          />
          <Shortcut
            title="Transactions"
            text="Review token purchases and export them."
            onClick={() => onOpen('purchases')}
            icon={<CardIcon />}
          />
        </div>
      </section>
      <EvidenceSources />
    </div>
  );
}

function StatCards({ stats }: { stats: AdminStats }) {
  const p = stats.purchases;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Stat label="Total Users" value={formatCount(stats.total_users)} tone="bg-brand-50 text-brand-700" icon={<UsersIcon />} />
      <Stat label="Total Reports" value={formatCount(stats.total_reports)} tone="bg-sky-50 text-sky-700" icon={<DocIcon />} />
      <Stat
        label="Token Transactions"
        value={formatCount(stats.completed_transactions)}
        tone="bg-amber-50 text-amber-700"
        icon={<CardIcon />}
      >
        <p className="mt-1 text-sm text-slate-600">paid purchases</p>
        <p className="mt-0.5 text-xs text-slate-600" data-testid="purchase-breakdown">
          All: {purchaseBreakdown(p)}
        </p>
      </Stat>
      <Stat label="Total Revenue" tone="bg-emerald-50 text-emerald-700" icon={<RevenueIcon />}>
        <RevenueFigures rows={stats.revenue_by_currency} size="lg" />
      </Stat>
    </div>
  );
}

function Stat({
  label,
  value,
  icon,
  tone,
  children,
}: {
  label: string;
  value?: string;
  icon: ReactNode;
  tone: string;
  children?: ReactNode;
}) {
  return (
    <Card className="p-5" data-testid="stat-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500">{label}</p>
          {value !== undefined && <p className="mt-2 truncate text-2xl font-bold text-slate-900 tabular-nums sm:text-3xl">{value}</p>}
          {children}
        </div>
        <span className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${tone}`}>{icon}</span>
      </div>
    </Card>
  );
}

function Shortcut({ title, text, icon, onClick }: { title: string; text: string; icon: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="group flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-700 group-hover:bg-brand-50 group-hover:text-brand-700">
        {icon}
      </span>
      <span>
        <span className="block font-semibold text-slate-900">{title}</span>
        <span className="mt-1 block text-sm text-slate-600">{text}</span>
      </span>
    </button>
  );
}

const iconClass = 'size-5';
function UsersIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={iconClass} aria-hidden="true">
      <path d="M7 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM14.5 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM1.615 16.428a1.224 1.224 0 0 1-.569-1.175 6.002 6.002 0 0 1 11.908 0c.058.467-.172.92-.57 1.174A9.953 9.953 0 0 1 7 18a9.953 9.953 0 0 1-5.385-1.572ZM14.5 16h-.106c.07-.297.088-.611.048-.933a7.47 7.47 0 0 0-1.588-3.755 4.502 4.502 0 0 1 5.874 2.636.818.818 0 0 1-.36.98A7.465 7.465 0 0 1 14.5 16Z" />
    </svg>
  );
}
function DocIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={iconClass} aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M4.5 2A1.5 1.5 0 0 0 3 3.5v13A1.5 1.5 0 0 0 4.5 18h11a1.5 1.5 0 0 0 1.5-1.5V7.621a1.5 1.5 0 0 0-.44-1.06l-4.12-4.122A1.5 1.5 0 0 0 11.378 2H4.5Zm2.25 8.5a.75.75 0 0 0 0 1.5h6.5a.75.75 0 0 0 0-1.5h-6.5Zm0 3a.75.75 0 0 0 0 1.5h6.5a.75.75 0 0 0 0-1.5h-6.5Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
function MegaphoneIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={iconClass} aria-hidden="true">
      <path d="M13.92 3.845a19.361 19.361 0 0 1-6.3 1.98C6.765 5.942 5.89 6 5 6a4 4 0 0 0-.504 7.969 15.974 15.974 0 0 0 1.271 3.341c.397.77 1.342 1 2.05.59l.867-.5c.726-.42.94-1.321.588-2.021-.166-.33-.315-.666-.448-1.004 1.8.358 3.511.964 5.096 1.78A17.964 17.964 0 0 0 15 10c0-2.161-.381-4.234-1.08-6.155ZM15.243 3.097A19.456 19.456 0 0 1 16.5 10c0 2.431-.445 4.758-1.257 6.904l-.03.077a.75.75 0 0 0 1.401.537 20.902 20.902 0 0 0 1.312-5.745 1.999 1.999 0 0 0 0-3.545 20.902 20.902 0 0 0-1.312-5.745.75.75 0 0 0-1.4.537l.029.077Z" />
    </svg>
  );
}
function CardIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={iconClass} aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M2.5 4A1.5 1.5 0 0 0 1 5.5V6h18v-.5A1.5 1.5 0 0 0 17.5 4h-15ZM19 8.5H1v6A1.5 1.5 0 0 0 2.5 16h15a1.5 1.5 0 0 0 1.5-1.5v-6ZM3 13.25a.75.75 0 0 1 .75-.75h1.5a.75.75 0 0 1 0 1.5h-1.5a.75.75 0 0 1-.75-.75Zm4.75-.75a.75.75 0 0 0 0 1.5h3.5a.75.75 0 0 0 0-1.5h-3.5Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
/** Revenue in any currency: a rising chart, not one currency's sign (figures may be in dollars). */
function RevenueIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={iconClass}
      aria-hidden="true"
    >
      <path d="M3 16.5h14M4 13l4-4 3 3 5-6M12.5 6H16v3.5" />
    </svg>
  );
}
