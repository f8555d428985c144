import {
  COMPLEXITIES,
  formatTokens,
  PUBLIC_PAGE_META,
  REPORT_COSTS,
  REPORT_SECTIONS,
  sectionsFor,
  TIER_LABELS,
  TOKEN_VALIDITY_TEXT,
} from '@assay/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { IconTile, PageHero, SectionHeader, StatsBand } from '../components/blocks.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';

const AUDIENCES = [
  {
    icon: 'bulb',
    title: 'Inventors and individuals',
    text: 'Find out whether an idea is worth a patent filing, a prototype or a pitch — before spending on any of them.',
  },
  {
    icon: 'graduation',
    title: 'Researchers',
    text: 'Turn lab results into a commercial story that a licensing manager, an industry partner or a grant panel can follow.',
  },
  {
    icon: 'briefcase',
    title: 'Technology transfer offices',
    text: 'Triage invention disclosures consistently and give every inventor a structured first assessment.',
  },
  {
    icon: 'users',
    title: 'Institutions, professionals and organisations',
    text: 'Universities, incubators, consultants and companies use the reports to screen portfolios and brief decision makers.',
  },
] as const;

const TIER_SUMMARY: Record<(typeof COMPLEXITIES)[number], string> = {
  basic:
    'The essentials: executive summary, problem, technology, benefits, applications, an IP snapshot, feasibility, market signals, competitors, regulatory questions, risks and next steps.',
  advanced:
    'Everything in Basic plus the business case, a detailed technology description, market and competition, technology readiness (TRL) challenges, detailed IP, regulatory pathways, commercialisation options, financial estimates and a go-to-market plan.',
  comprehensive:
    'Everything in Advanced plus a claims analysis, a global freedom-to-operate view, market analysis, business models, a 5-year ROI, funding strategy, licensing and exit routes, team and partners, a roadmap and appendices.',
};

const PRIVACY_POINTS = [
  'Your ideas and reports are private to your account. Nobody else can open them, and we never publish them.',
  'The AI provider we use to write reports is configured not to train on your data.',
  'We remind you not to publish before you file: public disclosure can destroy the novelty a patent needs.',
  'Card details are handled by our payment provider; we never see or store card numbers.',
] as const;

export default function AboutPage() {
  usePageTitle(PUBLIC_PAGE_META['/about'].name);
  const basicSectionCount = REPORT_SECTIONS.filter((s) => s.tier === 'basic').length;
  return (
    <>
      <PageHero eyebrow="About Assay" title="We help good ideas find their way to market">
        <p>
          Most inventions never leave the lab or the notebook — not because they are bad, but because nobody assessed them the way an
          investor or licensee would. Assay gives every inventor that assessment, quickly and privately, and connects them with the experts
          who can take it further.
        </p>
      </PageHero>

      <section aria-labelledby="mission-title" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
        <div className="grid gap-10 md:grid-cols-2 md:items-start">
          <div>
            <h2 id="mission-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Our mission
            </h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              Technology transfer — moving an invention from the people who created it to the people who will build, fund or use it — has
              long depended on scarce expert time. A first assessment can take weeks and cost more than an early-stage inventor can spend.
            </p>
            <p className="mt-4 leading-relaxed text-slate-700">
              Assay makes that first step accessible. You describe your technology in your own words; we produce a structured,
              investor-oriented Technology Assessment Report as a PDF that you can read, share with advisers and build on. When you are
              ready for human judgement, our network of registered technology transfer professionals is one click away.
            </p>
          </div>
          <StatsBand compact />
        </div>
      </section>

      <section aria-labelledby="audience-title" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeader id="audience-title" eyebrow="Who it is for" title="Built for everyone who brings technology to life" />
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {AUDIENCES.map((a) => (
              <Card key={a.title} className="p-6">
                <IconTile name={a.icon} />
                <h3 className="mt-4 text-base font-semibold text-slate-900">{a.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{a.text}</p>
              </Card>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="reports-title" className="py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <SectionHeader
            id="reports-title"
            eyebrow="What the reports cover"
            title="Three depths, one structure"
            intro={`Every report starts with a one-page executive summary and answers the questions a reviewer asks, in the order they ask them. The Basic tier alone covers ${basicSectionCount} sections; each higher tier adds to the one below.`}
          />
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {COMPLEXITIES.map((c) => (
              <Card key={c} className="flex flex-col p-6">
                <h3 className="text-lg font-semibold text-slate-900">{TIER_LABELS[c]}</h3>
                <p className="mt-1 text-sm font-medium text-brand-700">
                  {sectionsFor(c).length} sections · {formatTokens(REPORT_COSTS[c])} tokens
                </p>
                <p className="mt-3 text-sm leading-relaxed text-slate-600">{TIER_SUMMARY[c]}</p>
              </Card>
            ))}
          </div>
          <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-slate-600">
            You pay with tokens, bought in packages and valid for {TOKEN_VALIDITY_TEXT} from purchase. Generation runs in the background and
            usually takes 12–15 minutes; the finished PDF waits in your dashboard to preview and download. Reports are a structured starting
            point, not legal, patent or investment advice.
          </p>
        </div>
      </section>

      <section aria-labelledby="rttp-title" className="bg-white py-16">
        <div className="mx-auto grid max-w-5xl gap-10 px-4 sm:px-6 md:grid-cols-[1.2fr_1fr] md:items-center">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">The RTTP network</p>
            <h2 id="rttp-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Human experts when you need them
            </h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              Registered technology transfer professionals (RTTPs) are certified practitioners who license technologies, form startups and
              raise funding for a living. Through Assay you can book a consultation with one, or ask for expert help with technology
              scouting, IP licensing, startup formation, funding strategy, global market access and compliance.
            </p>
            <p className="mt-4 leading-relaxed text-slate-700">
              Expert review is a separate paid service from the AI reports, scoped and quoted for your case.
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Link to="/rttp" className={buttonClass('primary', 'md')}>
                Explore RTTP services
              </Link>
              <Link to="/careers" className={buttonClass('outline', 'md')}>
                Join as an expert
              </Link>
            </div>
          </div>
          <Card className="p-6">
            <h3 className="text-base font-semibold text-slate-900">How your privacy is protected</h3>
            <ul className="mt-4 space-y-3 text-sm text-slate-700">
              {PRIVACY_POINTS.map((p) => (
                <li key={p} className="flex gap-3">
                  <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-emerald-600" fill="currentColor" aria-hidden="true">
                    <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                  </svg>
                  {p}
                </li>
              ))}
            </ul>
            <Link to="/privacy" className="mt-5 inline-block text-sm font-medium text-brand-700 hover:underline">
              Read our Privacy Policy
            </Link>
          </Card>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="py-16">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Start with a free report
          </h2>
          <p className="mt-3 text-slate-600">Sign up and your first {TIER_LABELS.basic} report is on us — no credit card required.</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/signup" className={buttonClass('primary', 'lg')}>
              Get Started
            </Link>
            <Link to="/contact" className={buttonClass('outline', 'lg')}>
              Contact us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
