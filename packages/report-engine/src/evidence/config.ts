/**
 * Configuration of the evidence sources. The server maps its environment onto this (env.ts is
 * the only reader of process.env). No source runs unless listed: the embedded default is none,
 * so a fresh install works offline and sends nothing anywhere (docs/decisions/111).
 */
import { z } from 'zod';
import { EVIDENCE_SOURCE_NAMES, type EvidenceSource } from './evidence.ts';
import { createOpenAlexSource, OPENALEX_DEFAULT_URL } from './openalex.ts';
import { createPatentsViewSource, PATENTSVIEW_DEFAULT_URL } from './patentsview.ts';

export const evidenceConfigSchema = z
  .object({
    sources: z.array(z.enum(EVIDENCE_SOURCE_NAMES)).default([]),
    openalexUrl: z.url().default(OPENALEX_DEFAULT_URL),
    /** Joins OpenAlex's polite pool (faster, more reliable). */
    openalexMailto: z.email().optional(),
    patentsviewUrl: z.url().default(PATENTSVIEW_DEFAULT_URL),
    patentsviewApiKey: z.string().min(1).optional(),
    /** Per request; a search that takes longer is retried, then reported as failed. */
    timeoutMs: z.number().int().positive().default(10_000),
    maxRetries: z.number().int().min(0).max(5).default(2),
    retryBaseDelayMs: z.number().int().min(0).default(500),
    /** Longest wait accepted, a Retry-After included; a longer one fails that search. */
    maxRetryDelayMs: z.number().int().min(0).default(15_000),
  })
  .superRefine((c, ctx) => {
    if (c.sources.includes('patentsview') && !c.patentsviewApiKey) {
      ctx.addIssue({ code: 'custom', path: ['patentsviewApiKey'], message: 'required when patentsview is an evidence source' });
    }
  });

export type EvidenceConfigInput = z.input<typeof evidenceConfigSchema>;

/** The listed sources, ready to search. Throws on an invalid configuration. */
export function createEvidenceSources(input: EvidenceConfigInput): EvidenceSource[] {
  const c = evidenceConfigSchema.parse(input);
  const policy = { timeoutMs: c.timeoutMs, maxRetries: c.maxRetries, retryBaseDelayMs: c.retryBaseDelayMs, maxRetryDelayMs: c.maxRetryDelayMs };
  return [...new Set(c.sources)].map((name) =>
    name === 'openalex'
      ? createOpenAlexSource({ ...policy, baseUrl: c.openalexUrl, ...(c.openalexMailto ? { mailto: c.openalexMailto } : {}) })
      : createPatentsViewSource({ ...policy, baseUrl: c.patentsviewUrl, apiKey: c.patentsviewApiKey! }),
  );
}
