import { ENTERPRISE_TOKENS, formatTokens, PUBLIC_PAGE_META } from '@assay/shared';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card.tsx';
import { useSiteConfig } from '../../../lib/site.ts';
import { Icon } from '../../../components/ui/Icon.tsx';
import { LazyContactForm } from '../components/LazyContactForm.tsx';
import { CONTACT_PAGE_REASONS } from '../data/contact-reasons.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

export default function ContactPage() {
  usePageTitle(PUBLIC_PAGE_META['/contact'].name);
  const site = useSiteConfig();
  return (
    <div className="bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Contact</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Get in Touch</h1>
          <p className="mt-4 text-lg text-slate-600">
            Questions about reports, tokens, custom or enterprise pricing, or working with an RTTP expert? Send us a message and our team
            will get back to you.
          </p>
        </div>

        <div className="mt-10 grid gap-8 lg:grid-cols-[1.5fr_1fr]">
          <Card className="p-5 sm:p-8">
            <h2 className="text-lg font-semibold text-slate-900">Send us a message</h2>
            <p className="mt-1 mb-6 text-sm text-slate-600">All fields are required.</p>
            <LazyContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" idPrefix="contact" />
          </Card>

          <aside aria-labelledby="other-ways" className="space-y-4">
            <h2 id="other-ways" className="text-lg font-semibold text-slate-900">
              Other ways to reach us
            </h2>
            <Card className="flex gap-4 p-5">
              <Icon name="document" className="mt-0.5 shrink-0 text-brand-700" />
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Email support</h3>
                <p className="mt-1 text-sm text-slate-600">For account, payment and report questions.</p>
                <a
                  href={`mailto:${site.support_email}`}
                  className="mt-2 inline-block text-sm font-medium break-all text-brand-700 hover:underline"
                >
                  {site.support_email}
                </a>
              </div>
            </Card>
            <Card className="flex gap-4 p-5">
              <Icon name="users" className="mt-0.5 shrink-0 text-brand-700" />
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Talk to an RTTP expert</h3>
                <p className="mt-1 text-sm text-slate-600">Licensing, startups, funding, market access and compliance.</p>
                <a
                  href={site.consultation_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline"
                >
                  Book a consultation<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </div>
            </Card>
            <Card className="flex gap-4 p-5">
              <Icon name="coins" className="mt-0.5 shrink-0 text-brand-700" />
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Enterprise and custom pricing</h3>
                <p className="mt-1 text-sm text-slate-600">
                  Need {formatTokens(ENTERPRISE_TOKENS)} tokens or more, or reports for a whole portfolio? Choose “Custom Pricing” in the
                  form.
                </p>
                <Link to="/pricing" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
                  See pricing
                </Link>
              </div>
            </Card>
            <p className="px-1 text-xs leading-relaxed text-slate-500">
              Please keep confidential technical details out of this form. We use what you send only to answer you — see our{' '}
              <Link to="/privacy" className="underline hover:text-slate-700">
                Privacy Policy
              </Link>
              .
            </p>
          </aside>
        </div>
      </div>
    </div>
  );
}
