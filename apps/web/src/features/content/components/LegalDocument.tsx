import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteConfig } from '../../../lib/site.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

export interface LegalSection {
  /** Anchor id, e.g. "token-system" → /terms#token-system. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDoc {
  title: string;
  /** Shown as written, e.g. "July 18, 2025". */
  effective: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** Hides the site chrome and the page's own controls when printing, and keeps headings with their text. */
const PRINT_CSS = `@media print {
  body > #root header, body > #root footer, [data-print="hide"] { display: none !important; }
  body { background: #fff !important; }
  [data-legal] h2 { break-after: avoid; }
  [data-legal] a[href^="http"]::after, [data-legal] a[href^="mailto:"]::after { content: " (" attr(href) ")"; font-size: 0.85em; }
}`;

/** A policy page: title, effective date, a table of contents with anchor links, numbered sections. */
export function LegalDocument({ doc }: { doc: LegalDoc }) {
  usePageTitle(doc.title);
  return (
    <div className="bg-white print:bg-white">
      <style>{PRINT_CSS}</style>
      <article data-legal className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 print:max-w-none print:p-0">
        <div className="border-b border-slate-200 pb-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 print:text-slate-700">Legal</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{doc.title}</h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
            <p>
              Effective date: <time>{doc.effective}</time>
            </p>
            <button
              type="button"
              data-print="hide"
              onClick={() => window.print()}
              className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
            >
              <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
                <path d="M5 7V3h10v4M5 14H3V8h14v6h-2M6 11h8v6H6z" strokeLinejoin="round" />
              </svg>
              Print this page
            </button>
          </div>
        </div>

        <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr] lg:gap-14">
          <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:self-start print:static">
            <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5 print:border-0 print:bg-white print:p-0">
              <h2 id="toc-title" className="text-sm font-semibold uppercase tracking-wider text-slate-900">
                Contents
              </h2>
              <ol className="mt-3 space-y-1.5 text-sm">
                {doc.sections.map((s, i) => (
                  <li key={s.id}>
                    <a href={`#${s.id}`} className="flex gap-2 rounded px-1 py-0.5 text-slate-700 hover:bg-white hover:text-brand-700">
                      <span className="w-5 shrink-0 text-right tabular-nums text-slate-500">{i + 1}.</span>
                      <span>{s.title}</span>
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>

          <div className="min-w-0 max-w-3xl text-[15px] leading-7 text-slate-700 print:text-black">
            <div className="space-y-4">{doc.intro}</div>
            {doc.sections.map((s, i) => (
              <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-24">
                <h2 id={`${s.id}-title`} className="text-xl font-semibold text-slate-900">
                  {i + 1}. {s.title}
                </h2>
                <div className="legal-body mt-3 space-y-4">{s.body}</div>
              </section>
            ))}
            <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-500" data-print="hide">
              <a href="#main" className="font-medium text-brand-700 hover:underline">
                Back to top
              </a>
            </p>
          </div>
        </div>
      </article>
    </div>
  );
}

/** The support address from site configuration, as a mail link. */
export function SupportEmail() {
  const { support_email } = useSiteConfig();
  return (
    <a href={`mailto:${support_email}`} className="font-medium text-brand-700 underline underline-offset-2 break-all">
      {support_email}
    </a>
  );
}

/** An internal link styled for running text. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-700 underline underline-offset-2">
      {children}
    </Link>
  );
}

/** A bulleted list for policy text. */
export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-slate-400">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** A definition-style row used for retention periods and similar tables. */
export function Table({ head, rows }: { head: readonly [string, string]; rows: readonly (readonly [ReactNode, ReactNode])[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4 font-semibold text-slate-900">
              {head[0]}
            </th>
            <th scope="col" className="py-2 font-semibold text-slate-900">
              {head[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([a, b], i) => (
            <tr key={i} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-4 font-medium text-slate-800">{a}</td>
              <td className="py-2">{b}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
