import { z } from 'zod';

export const siteConfigResponse = z.object({
  support_email: z.string(),
  consultation_url: z.string(),
  careers_form_url: z.string(),
  scheduler_script_url: z.string(),
  social: z.object({ linkedin: z.string(), twitter: z.string(), facebook: z.string() }),
  google_client_id: z.string().nullable(),
  /**
   * Who writes reports, known before any token is spent: `offline` when the offline analyst
   * writes them (no model configured), so the forms and pricing can say so.
   */
  report_writer: z.object({ offline: z.boolean() }),
  /** Whether a prior-art search runs (EVIDENCE_SOURCES set): the privacy note says what leaves only when something does. */
  prior_art_search: z.boolean(),
  /** What changing a completed report costs (issue 27): a corrected record's share of the tier, a rewritten section's tokens. */
  report_changes: z.object({ correction_percent: z.number().int(), section_tokens: z.number().int() }),
});
export type SiteConfig = z.infer<typeof siteConfigResponse>;

export const healthResponse = z.object({ status: z.literal('ok') });
export const readyResponse = z.object({ status: z.literal('ready'), database: z.string() });
/** Why the server is not ready (pending migrations, database unreachable). */
export const notReadyResponse = z.object({ detail: z.string() });
