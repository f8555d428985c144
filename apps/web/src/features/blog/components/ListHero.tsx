import type { ReactNode } from 'react';

/** The top band of a list page: eyebrow, one h1, a lead and the search box. */
export function ListHero({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <svg className="pointer-events-none absolute inset-0 size-full text-brand-200/60" aria-hidden="true">
        <defs>
          <pattern id="blog-hero-dots" width="24" height="24" patternUnits="userSpaceOnUse">
            <circle cx="2" cy="2" r="1.2" fill="currentColor" />
          </pattern>
        </defs>
        <rect
          width="100%"
          height="100%"
          fill="url(#blog-hero-dots)"
          style={{ maskImage: 'linear-gradient(to bottom, black, transparent)' }}
        />
      </svg>
      <div className="relative mx-auto max-w-4xl px-4 py-12 text-center sm:px-6 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-base text-pretty text-slate-600 sm:text-lg">{lead}</p>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
