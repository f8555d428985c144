import { COMPLEXITIES, formatTokens, PUBLIC_PAGE_META, REPORT_COSTS, REPORT_SECTIONS, sectionsFor, TIER_LABELS } from '@assay/shared';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { HeroPattern, IconTile, SectionHeader, StatsBand } from '../components/blocks.tsx';
import { FEATURES, JOURNEY, SAMPLES } from '../data/home.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useSession } from '../../../lib/session.ts';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import { useFreeReportOffer } from '../hooks.ts';

// The form and its validation (zod) load beside the page rather than in front of it: the
// visitor reads the hero first, and the page's first paint does not wait for them.
const HomeGenerateForm = lazyNamed(() => import('../components/HomeGenerateForm.tsx'), 'HomeGenerateForm');

export default function HomePage() {
  usePageTitle(PUBLIC_PAGE_META['/'].name);
  return (
    <>
      <Hero />
      <section aria-labelledby="stats-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="stats-title" className="sr-only">
          Our reach
        </h2>
        <StatsBand />
      </section>
      <Samples />
      <Features />
      <Journey />
      <ExpertsCta />
    </>
  );
}

function Hero() {
  const freeOffer = useFreeReportOffer();
  // Offered to a visitor: hidden from a returning member until the session is known (decision 171).
  const { user } = useSession();
  // Drawn by the app only: on the server's page it would submit natively if used before the app runs.
  const hydrated = useHydrated();
  // About the form's height at each width (measured: 845–890 px on phones, 610–630 px from sm, 630–790 px
  // beside the hero), so that the hero text, centred beside it on wide screens, moves little when it arrives.
  const formSpace = <div className="min-h-[52rem] sm:min-h-[38rem] lg:min-h-[39rem]" aria-busy="true" />;
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <HeroPattern />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_1.1fr] lg:items-center lg:gap-14 lg:py-20">
        <div>
          {freeOffer && (
            <p
              className="mb-5 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-200"
              data-visitor-only={user ? undefined : true}
            >
              <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
              Free report on sign-up · no credit card
            </p>
          )}
          <h1 className="text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            Know what your invention is worth — before you pitch it
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-600">
            Describe your technology and get an investor-oriented Technology Assessment Report: the problem, the technology, IP position,
            markets, risks and the next steps to commercialise it. Delivered as a PDF, ready in minutes.
          </p>
          <ul className="mt-6 space-y-2 text-sm text-slate-700">
            {[
              'Built for inventors, researchers, technology transfer offices and institutions',
              'Three depths: Basic, Advanced and Comprehensive',
              'Private: your ideas and reports are visible only to you',
            ].map((t) => (
              <li key={t} className="flex gap-2">
                <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-brand-700" fill="currentColor" aria-hidden="true">
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                </svg>
                {t}
              </li>
            ))}
          </ul>
        </div>
        <Card id="generate" className="scroll-mt-24 p-5 shadow-lg sm:p-7">
          <h2 className="text-lg font-semibold text-slate-900">Generate your assessment</h2>
          <p className="mt-1 mb-5 text-sm text-slate-600">Pick a depth, describe your idea, and we will do the rest.</p>
          {hydrated ? (
            <Suspense fallback={formSpace}>
              <HomeGenerateForm />
            </Suspense>
          ) : (
            formSpace
          )}
        </Card>
      </div>
    </section>
  );
}

function Samples() {
  return (
    <section aria-labelledby="samples-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeader
          id="samples-title"
          eyebrow="See before you buy"
          title="Download a sample report"
          intro="Each tier contains every section of the tier below it. Open a sample to see the depth you get."
        />
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {SAMPLES.map((s) => {
            const added = REPORT_SECTIONS.filter((r) => r.tier === s.complexity);
            const below = COMPLEXITIES[COMPLEXITIES.indexOf(s.complexity) - 1];
            const label = TIER_LABELS[s.complexity];
            return (
              <Card key={s.complexity} className="flex flex-col p-6">
                <div className="flex items-baseline justify-between gap-3">
                  <h3 className="text-lg font-semibold text-slate-900">{label}</h3>
                  <span className="text-sm font-medium text-brand-700">{formatTokens(REPORT_COSTS[s.complexity])} tokens</span>
                </div>
                <p className="mt-1 text-sm font-medium text-slate-500">{sectionsFor(s.complexity).length} sections</p>
                <p className="mt-3 text-sm text-slate-600">{s.blurb}</p>
                <p className="mt-4 text-xs font-semibold uppercase tracking-wider text-slate-500">
                  {below ? `Adds to ${TIER_LABELS[below]}` : 'Includes'}
                </p>
                <ul className="mt-2 flex-1 space-y-1.5 text-sm text-slate-700">
                  {added.slice(0, 4).map((r) => (
                    <li key={r.key} className="flex gap-2">
                      <span className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" aria-hidden="true" />
                      {r.title}
                    </li>
                  ))}
                  {added.length > 4 && <li className="pl-3.5 text-slate-500">and {added.length - 4} more</li>}
                </ul>
                <a href={s.href} download className={`${buttonClass('outline', 'md')} mt-6`}>
                  <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                    <path d="M10 3v10M6 9l4 4 4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  {'Download'}
                  <span className="sr-only"> {label}</span>
                  {' sample (PDF)'}
                </a>
              </Card>
            );
          })}
        </div>
      </div>
    </section>
  );
}

function Features() {
  return (
    <section aria-labelledby="features-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeader
          id="features-title"
          eyebrow="Why Assay"
          title="An assessment that speaks the language of investors"
          intro="Structured the way technology transfer professionals evaluate inventions, so you can act on it."
        />
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <Card key={f.title} className="p-6">
              <IconTile name={f.icon} />
              <h3 className="mt-4 text-base font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{f.text}</p>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}

function Journey() {
  return (
    <section aria-labelledby="journey-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeader
          id="journey-title"
          eyebrow="From idea to market"
          title="Your commercialisation journey in six steps"
          intro="The report is the first step. Here is where it leads."
        />
        <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {JOURNEY.map((step, i) => (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-slate-50 p-6">
              <span
                className="inline-flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-base font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function ExpertsCta() {
  const freeOffer = useFreeReportOffer();
  return (
    <section aria-labelledby="experts-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-brand-900 px-6 py-12 text-center sm:px-12">
          <svg className="pointer-events-none absolute -right-16 -top-16 size-64 text-brand-800" viewBox="0 0 200 200" aria-hidden="true">
            <circle cx="100" cy="100" r="100" fill="currentColor" />
          </svg>
          <div className="relative">
            <h2 id="experts-title" className="text-2xl font-bold tracking-tight text-balance text-white sm:text-3xl">
              Want a human expert on your side?
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-pretty text-brand-100">
              Our network of registered technology transfer professionals (RTTPs) helps with licensing, startup formation, funding and
              market access. Expert review is a separate paid service.
            </p>
            <div className="mt-7 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
              <Link to="/rttp" className={buttonClass('outline', 'lg')}>
                Meet the RTTP experts
              </Link>
              <a
                href="#generate"
                className="inline-flex items-center justify-center rounded-lg px-6 py-3 text-base font-medium text-white ring-1 ring-white/40 hover:bg-white/10"
              >
                {freeOffer ? 'Start with a free report' : 'Generate a report'}
              </a>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
