import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@assay/shared';
import { call, publicEndpoints } from './api.ts';

export const DEFAULT_SITE: SiteConfig = {
  support_email: 'support@assay.example',
  consultation_url: 'https://calendly.com/assay-rttp/consultation',
  careers_form_url: 'https://forms.gle/assay-careers',
  scheduler_script_url: 'https://assets.calendly.com/assets/external/widget.js',
  social: { linkedin: 'https://www.linkedin.com/', twitter: 'https://x.com/', facebook: 'https://www.facebook.com/' },
  google_client_id: null,
  // Until the configuration loads: a model writes, unless the server says otherwise.
  report_writer: { offline: false },
  prior_art_search: false,
  report_changes: { correction_percent: 20, section_tokens: 150 },
};

export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: async () => call((await publicEndpoints()).systemEndpoints.siteConfig),
  staleTime: Infinity,
  meta: { silent: true },
});

export function useSiteConfig(): SiteConfig {
  return useQuery(siteConfigQuery).data ?? DEFAULT_SITE;
}
