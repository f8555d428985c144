import { PUBLIC_PAGE_META } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { siteConfigQuery, useSiteConfig } from '../../../lib/site.ts';
import { ExternalButton, IconTile, PageHero, SectionHeader } from '../components/blocks.tsx';
import { ServiceAreas } from '../components/ServiceAreas.tsx';
import { LazyContactForm, RTTP_REASONS } from '../../contact/index.ts';
import { SERVICE_AREAS } from '../data/services.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useExternalScript } from '../hooks.ts';

const STEPS = [
  { title: 'Tell us what you need', text: 'Use the form below or book a consultation. A report from Assay gives the expert a head start.' },
  { title: 'Meet your expert', text: 'We match you with an RTTP who knows your field and the route you are considering.' },
  { title: 'Agree the scope', text: 'You receive a clear proposal — what will be done, by when and at what fee — before any work starts.' },
  { title: 'Move forward', text: 'Licensing, a spin-out, funding or a new market: your expert works alongside you to get there.' },
] as const;

const EXPERT_BENEFITS = [
  'Work with inventors and institutions that already have a structured assessment',
  'Choose engagements that fit your specialism and availability',
  'Be part of a network active in 50+ countries',
] as const;

export default function RttpPage() {
  usePageTitle(PUBLIC_PAGE_META['/rttp'].name);
  const site = useSiteConfig();
  // Load the scheduling embed once the real addresses are known; a failure is ignored (docs/product.md §8).
  const scriptUrl = useQuery(siteConfigQuery).data?.scheduler_script_url;
  useExternalScript(scriptUrl);

  return (
    <>
      <PageHero
        eyebrow="Registered Technology Transfer Professionals"
        title="RTTP Experts"
        actions={
          <>
            <ExternalButton href={site.consultation_url}>Book Consultation</ExternalButton>
            {/* The application is the product's own form now (decision 235), no longer an outside one. */}
            <Link to="/experts/apply" className={buttonClass('outline', 'lg')}>
              Join as Expert
            </Link>
          </>
        }
      >
        <p>
          A network of 500+ certified technology transfer professionals who help inventors, researchers and institutions license
          technologies, build startups, raise funding and reach new markets.
        </p>
        <p className="mt-3 text-sm text-slate-500">
          Expert services are a separate paid service from the AI reports; every engagement is scoped and quoted before work starts.
        </p>
      </PageHero>

      <section aria-labelledby="services-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <SectionHeader
          id="services-title"
          eyebrow="Service areas"
          title="Where our experts can help"
          intro="Select an area to see what an engagement covers."
        />
        <div className="mt-10">
          <ServiceAreas areas={SERVICE_AREAS} />
        </div>
      </section>

      <section aria-labelledby="how-title" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeader id="how-title" eyebrow="How it works" title="From first call to results" />
          <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((s, i) => (
              <li key={s.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
                <span
                  className="inline-flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-4 text-base font-semibold text-slate-900">
                  <span className="sr-only">Step {i + 1}: </span>
                  {s.title}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{s.text}</p>
              </li>
            ))}
          </ol>
          <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-slate-600">
            Not sure yet? Start with a{' '}
            <Link to="/" className="font-medium text-brand-700 hover:underline">
              free technology assessment report
            </Link>{' '}
            — it gives you and your expert a shared, structured starting point.
          </p>
        </div>
      </section>

      <section aria-labelledby="join-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <Card className="grid gap-8 p-6 sm:p-10 md:grid-cols-[1fr_auto] md:items-center">
          <div>
            <IconTile name="badge" />
            <h2 id="join-title" className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
              Are you a technology transfer professional?
            </h2>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {EXPERT_BENEFITS.map((b) => (
                <li key={b} className="flex gap-2.5">
                  <span className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-500" aria-hidden="true" />
                  {b}
                </li>
              ))}
            </ul>
          </div>
          <Link to="/experts/apply" className={buttonClass('primary', 'lg')}>
            Join as Expert
          </Link>
        </Card>
      </section>

      <section id="contact" aria-labelledby="rttp-contact-title" className="scroll-mt-20 bg-white py-16">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Talk to an expert</p>
            <h2 id="rttp-contact-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Tell us about your technology
            </h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              Choose the area you need help with and describe your situation. An expert will get back to you by email or phone. Please do
              not include confidential technical details in this form — a short, non-confidential summary is enough for a first
              conversation.
            </p>
            <p className="mt-4 text-sm text-slate-600">
              Prefer to pick a time?{' '}
              <a
                href={site.consultation_url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 hover:underline"
              >
                Book a consultation<span className="sr-only"> (opens in a new tab)</span>
              </a>
              .
            </p>
          </div>
          <Card className="p-5 sm:p-8">
            <LazyContactForm reasons={RTTP_REASONS} form="rttp" feedback="toast" idPrefix="rttp" />
          </Card>
        </div>
      </section>
    </>
  );
}
