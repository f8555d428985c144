import { siteEndpoints as e } from '@assay/shared';
import type { ContentTopic } from '../../lib/content-changes.ts';

/**
 * The app's pages the server renders beside the blog's (decision 128), and what each shows that
 * can change: its kept copy is dropped when that does. The others are rebuilt at least once a minute.
 */
export const RENDERED_PAGES: { endpoint: (typeof e)[keyof typeof e]; topics: ContentTopic[] }[] = [
  { endpoint: e.homePage, topics: [] },
  { endpoint: e.pricingPage, topics: ['packages'] },
  ...[e.aboutPage, e.rttpPage, e.careersPage, e.contactPage, e.privacyPage, e.termsPage, e.pricingPolicyPage, e.refundPolicyPage].map(
    (endpoint) => ({ endpoint, topics: [] }),
  ),
];
