import { formatTokens } from '@assay/shared';
import { Fragment, useId, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { useSiteConfig } from '../../../lib/site.ts';
import { TIER_BLURBS, TIERS, type Tier } from '../lib/tiers.ts';

type View = 'detailed' | 'compare';

/** Column heads on phones, where three full names do not fit beside the section titles. */
const SHORT_NAMES = { basic: 'Basic', advanced: 'Adv.', comprehensive: 'Comp.' } as const;

/**
 * 'Report Requirements': what each report type costs and contains, as a Detailed View
 * (a table with expandable feature lists) or a Compare Features matrix. Where the offline
 * analyst writes the reports, it says so here, before anything is bought (issue 24, part 5).
 */
export function ReportRequirements({ className, headingLevel = 2 }: { className?: string; headingLevel?: 2 | 3 }) {
  const [view, setView] = useState<View>('detailed');
  const { report_writer } = useSiteConfig();
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className={className} data-testid="report-requirements">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <Heading id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
            Report Requirements
          </Heading>
          <p className="mt-1 text-sm text-slate-600">Tokens needed per report, and what each report type contains.</p>
        </div>
        <div role="group" aria-label="Choose a view" className="inline-flex self-start rounded-lg bg-slate-100 p-1 sm:self-auto">
          {(
            [
              ['detailed', 'Detailed View'],
              ['compare', 'Compare Features'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() => setView(value)}
              className={cn(
                'rounded-md px-3.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
                view === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {report_writer.offline && (
        <p data-testid="offline-writer" className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <strong className="font-semibold">Written by the offline analyst.</strong> Reports on this site are written from built-in rules
          and curated field knowledge, not by an AI model, and your idea is not sent to any AI provider. Every report type below is written
          this way.
        </p>
      )}
      <div className="mt-6">{view === 'detailed' ? <DetailedView /> : <CompareMatrix />}</div>
    </section>
  );
}

function DetailedView() {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const baseId = useId();
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Report types, their token cost and their sections</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-3 sm:px-6">
              Report type
            </th>
            <th scope="col" className="px-3 py-3 text-right sm:px-6">
              Tokens
            </th>
            <th scope="col" className="hidden px-6 py-3 text-right sm:table-cell">
              Sections
            </th>
            <th scope="col" className="px-3 py-3 text-right sm:px-6">
              <span className="sr-only">Features</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {TIERS.map((tier) => {
            const expanded = Boolean(open[tier.complexity]);
            const panelId = `${baseId}-${tier.complexity}`;
            return (
              <Fragment key={tier.complexity}>
                <tr className="align-top">
                  <th scope="row" className="px-3 py-4 font-normal sm:px-6">
                    <span className="block font-semibold text-slate-900">{tier.name}</span>
                    <span className="mt-1 hidden text-slate-600 sm:block">{TIER_BLURBS[tier.complexity]}</span>
                    <span className="mt-1 block text-xs text-slate-500 sm:hidden">{tier.sections.length} sections</span>
                  </th>
                  <td className="whitespace-nowrap px-3 py-4 text-right font-semibold text-slate-900 tabular-nums sm:px-6">
                    {formatTokens(tier.cost)}
                  </td>
                  <td className="hidden px-6 py-4 text-right text-slate-700 tabular-nums sm:table-cell">{tier.sections.length}</td>
                  <td className="px-3 py-3 text-right sm:px-6">
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={panelId}
                      onClick={() => setOpen((o) => ({ ...o, [tier.complexity]: !o[tier.complexity] }))}
                      className="inline-flex items-center gap-1 whitespace-nowrap rounded-md px-1.5 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      {expanded ? 'Hide' : 'Features'}
                      <span className="sr-only"> of the {tier.name} report</span>
                      <svg
                        viewBox="0 0 20 20"
                        className={cn('size-4 transition-transform', expanded && 'rotate-180')}
                        fill="currentColor"
                        aria-hidden="true"
                      >
                        <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
                      </svg>
                    </button>
                  </td>
                </tr>
                <tr id={panelId} hidden={!expanded} className="bg-slate-50/60">
                  <td colSpan={4} className="px-3 pb-5 pt-1 sm:px-6">
                    <FeatureList tier={tier} />
                  </td>
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function FeatureList({ tier }: { tier: Tier }) {
  const below = TIERS.find((t) => t.complexity === tier.builtOn);
  return (
    <div>
      <p className="mb-2 text-sm text-slate-700 sm:hidden">{TIER_BLURBS[tier.complexity]}</p>
      <p className="text-sm text-slate-600">
        {below ? (
          <>
            Everything in {below.name} ({below.sections.length} sections), plus {tier.added.length} more:
          </>
        ) : (
          <>{tier.sections.length} sections:</>
        )}
      </p>
      <ul className="mt-3 grid gap-x-6 gap-y-1.5 text-sm text-slate-800 sm:grid-cols-2 lg:grid-cols-3">
        {tier.added.map((s) => (
          <li key={s.key} className="flex gap-2">
            <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-emerald-600" fill="currentColor" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                clipRule="evenodd"
              />
            </svg>
            {s.title}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CompareMatrix() {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Sections included in each report type</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-4 py-3 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:px-6">
              Section
            </th>
            {TIERS.map((t) => (
              <th key={t.complexity} scope="col" className="px-2 py-3 text-center sm:px-4">
                <span className="block text-xs font-semibold text-slate-900 sm:text-sm">
                  <abbr title={t.name} className="no-underline sm:hidden" aria-hidden="true">
                    {SHORT_NAMES[t.complexity]}
                  </abbr>
                  <span className="sr-only sm:not-sr-only">{t.name}</span>
                </span>
                <span className="block text-[11px] font-normal text-slate-500 tabular-nums sm:text-xs">
                  {formatTokens(t.cost)}
                  <span className="hidden sm:inline"> tokens</span>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        {TIERS.map((group) => (
          <tbody key={group.complexity} className="divide-y divide-slate-100 border-t border-slate-200">
            <tr className="bg-brand-50/50">
              <th
                scope="colgroup"
                colSpan={TIERS.length + 1}
                className="px-4 py-2 text-xs font-semibold uppercase tracking-wide text-brand-800 sm:px-6"
              >
                {group.builtOn ? `Added in ${group.name}` : `${group.name} sections`} ({group.added.length})
              </th>
            </tr>
            {group.added.map((s) => (
              <tr key={s.key}>
                <th scope="row" className="px-4 py-2 font-normal text-slate-800 sm:px-6">
                  {s.title}
                </th>
                {TIERS.map((t) => {
                  const included = t.sections.some((x) => x.key === s.key);
                  return (
                    <td key={t.complexity} className="px-2 py-2 text-center sm:px-4">
                      {included ? (
                        <svg
                          viewBox="0 0 20 20"
                          className="mx-auto size-5 text-emerald-600"
                          fill="currentColor"
                          role="img"
                          aria-label="Included"
                        >
                          <path
                            fillRule="evenodd"
                            d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                            clipRule="evenodd"
                          />
                        </svg>
                      ) : (
                        <span className="text-slate-300" role="img" aria-label="Not included">
                          —
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        ))}
        <tfoot className="border-t border-slate-200 bg-slate-50 font-semibold text-slate-900">
          <tr>
            <th scope="row" className="px-4 py-3 sm:px-6">
              Total sections
            </th>
            {TIERS.map((t) => (
              <td key={t.complexity} className="px-2 py-3 text-center tabular-nums sm:px-4">
                {t.sections.length}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
