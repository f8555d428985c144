import { PUBLIC_PAGE_META } from '@assay/shared';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { useSiteConfig } from '../../../lib/site.ts';
import { IconTile, PageHero, SectionHeader } from '../components/blocks.tsx';
import { CAREER_OPTIONS, VALUES, type CareerOption } from '../data/careers.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

export default function CareersPage() {
  usePageTitle(PUBLIC_PAGE_META['/careers'].name);
  const site = useSiteConfig();
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title="Help great technologies reach the world"
        actions={
          <a href="#openings" className={buttonClass('primary', 'lg')}>
            See open roles
          </a>
        }
      >
        <p>
          We are building a faster route from invention to impact. Join as an expert adviser, learn with us as an intern, or build the
          platform full time.
        </p>
      </PageHero>

      <section id="openings" aria-labelledby="openings-title" className="scroll-mt-20 mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <SectionHeader id="openings-title" eyebrow="Ways to join" title="Find your place at Assay" />
        <div className="mt-10 grid gap-6 lg:grid-cols-3">
          {CAREER_OPTIONS.map((c) => (
            <CareerCard key={c.id} option={c} formUrl={site.careers_form_url} />
          ))}
        </div>
      </section>

      <section aria-labelledby="values-title" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeader id="values-title" eyebrow="Our values" title="What we stand for" />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((v) => (
              <li key={v.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center">
                <IconTile name={v.icon} />
                <h3 className="mt-4 text-base font-semibold text-slate-900">{v.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

function CareerCard({ option, formUrl }: { option: CareerOption; formUrl: string }) {
  const titleId = `career-${option.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'group flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition',
        'hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-lg hover:ring-2 hover:ring-brand-200',
        'focus-within:border-brand-300 focus-within:ring-2 focus-within:ring-brand-200 motion-reduce:transition-none motion-reduce:hover:translate-y-0',
      )}
    >
      <IconTile name={option.icon} className="transition-colors group-hover:bg-brand-700 group-hover:text-white" />
      <h3 id={titleId} className="mt-4 text-xl font-semibold text-slate-900">
        {option.title}
      </h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{option.description}</p>
      <h4 className="mt-5 text-sm font-semibold text-slate-900">What you get</h4>
      <List items={option.benefits} tone="benefit" />
      <h4 className="mt-5 text-sm font-semibold text-slate-900">What we look for</h4>
      <List items={option.requirements} tone="requirement" />
      <div className="mt-auto pt-6">
        {option.email ? (
          <a href={`mailto:${option.email}`} className={cn(buttonClass('primary', 'md'), 'w-full')}>
            Send Email<span className="sr-only"> about {option.title}</span>
          </a>
        ) : (
          <a href={formUrl} target="_blank" rel="noopener noreferrer" className={cn(buttonClass('primary', 'md'), 'w-full')}>
            Apply Now<span className="sr-only"> for {option.title} (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}

function List({ items, tone }: { items: readonly string[]; tone: 'benefit' | 'requirement' }) {
  return (
    <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
      {items.map((t) => (
        <li key={t} className="flex gap-2.5">
          {tone === 'benefit' ? (
            <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-emerald-600" fill="currentColor" aria-hidden="true">
              <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
            </svg>
          ) : (
            <span className="mt-2 ml-1 size-1.5 shrink-0 rounded-full bg-slate-400" aria-hidden="true" />
          )}
          {t}
        </li>
      ))}
    </ul>
  );
}
