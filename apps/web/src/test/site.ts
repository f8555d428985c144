import type { SiteConfig } from '@assay/shared';

/** The site configuration the tests load in place of GET /site-config. */
export const SITE: SiteConfig = {
  support_email: 'help@assay.test',
  consultation_url: 'https://scheduling.test/assay/consultation',
  careers_form_url: 'https://forms.test/careers',
  scheduler_script_url: 'https://scheduling.test/widget.js',
  social: { linkedin: 'https://linkedin.test/', twitter: 'https://twitter.test/', facebook: 'https://facebook.test/' },
  google_client_id: null,
  report_writer: { offline: true },
  prior_art_search: false,
  report_changes: { correction_percent: 20, section_tokens: 150 },
};
