import { PRODUCT_NAME } from './constants.ts';

/** Every page's tab title reads "Name · Assay". */
export const pageTitle = (name: string) => `${name} · ${PRODUCT_NAME}`;

/** What a public page is, for schema.org data (the home page describes the organisation and the site). */
export type PublicPageKind = 'home' | 'about' | 'contact' | 'collection' | 'page';

export interface PublicPageMeta {
  /** The page's name: its tab title is `pageTitle(name)`, the web and the server's <head> alike. */
  name: string;
  /** Its search-result and link-preview text (under ~160 characters). */
  description: string;
  kind: PublicPageKind;
  /** Another page with the same text: search engines are sent there (rel=canonical). */
  canonical?: string;
}

/**
 * The public pages' titles and descriptions. The server writes them into each page's <head> before
 * any script runs (link previews and crawlers read them there), and the web sets the same title.
 */
export const PUBLIC_PAGE_META = {
  '/': {
    name: 'AI Technology Assessment Reports',
    description:
      'Investor-grade technology assessment reports in minutes: TRL, IP, market, risks and a commercialisation roadmap for your invention.',
    kind: 'home',
  },
  '/pricing': {
    name: 'Pricing',
    description:
      'Token packages for Basic, Advanced and Comprehensive technology assessment reports: what each report covers and what it costs.',
    kind: 'page',
  },
  '/about': {
    name: 'About',
    description: `Why ${PRODUCT_NAME} exists, how its technology assessment reports are made, and what Basic, Advanced and Comprehensive reports cover.`,
    kind: 'about',
  },
  '/rttp': {
    name: 'RTTP Experts',
    description:
      'Work with Registered Technology Transfer Professionals on licensing, IP strategy, valuation and bringing your invention to market.',
    kind: 'page',
  },
  '/careers': {
    name: 'Careers',
    description: `Help inventors and investors judge new technology: how to work with ${PRODUCT_NAME}.`,
    kind: 'page',
  },
  '/contact': {
    name: 'Contact',
    description: `Questions about reports, tokens, billing or working with an expert: write to the ${PRODUCT_NAME} team.`,
    kind: 'contact',
  },
  '/blog': {
    name: 'Blog',
    description: 'Practical guides on technology readiness, intellectual property, commercialisation and what investors look for.',
    kind: 'collection',
  },
  '/press-releases': {
    name: 'Press Releases',
    description: `Announcements from ${PRODUCT_NAME} and coverage of our work in the news.`,
    kind: 'collection',
  },
  '/privacy': {
    name: 'Privacy Policy',
    description: `What ${PRODUCT_NAME} collects, why, how long it is kept, and your rights over your data.`,
    kind: 'page',
  },
  '/terms': {
    name: 'Terms and Conditions',
    description: `The terms of using ${PRODUCT_NAME}: accounts, tokens, reports, payments and liability.`,
    kind: 'page',
  },
  // The same text as /terms (decision 040): search engines are told to index /terms.
  '/pricing-policy': {
    name: 'Terms and Conditions',
    description: `The terms of using ${PRODUCT_NAME}: accounts, tokens, reports, payments and liability.`,
    kind: 'page',
    canonical: '/terms',
  },
  '/refund-policy': {
    name: 'Refund and Cancellation Policy',
    description: `When and how ${PRODUCT_NAME} refunds token purchases, and what happens to tokens already spent.`,
    kind: 'page',
  },
} as const satisfies Record<string, PublicPageMeta>;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_META;
