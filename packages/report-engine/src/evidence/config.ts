/**
 * Configuration of the evidence sources. The server maps its environment onto this (env.ts is
 * the only reader of process.env). No source runs unless listed: the embedded default is none,
 * so a fresh install works offline and sends nothing anywhere (docs/decisions/111).
 *
 * The ports are what several processes must share: the PatentsView budget's ledger, the result
 * cache and where usage is reported (docs/decisions/210). Without them, each is per process.
 */
import { z } from 'zod';
import type { RateGate } from './budget.ts';
import { cachedSource, type SearchCache } from './cache.ts';
import { createEpoOpsSource, EPO_OPS_DEFAULT_URL } from './epo-ops.ts';
import { EVIDENCE_SOURCE_NAMES, type EvidenceSource } from './evidence.ts';
import { createOpenAlexSource, OPENALEX_DEFAULT_URL } from './openalex.ts';
import { createPatentsViewSource, PATENTSVIEW_BUDGET, PATENTSVIEW_DEFAULT_URL } from './patentsview.ts';
import { observedSource, type SourceUsageSink } from './usage.ts';

export const evidenceConfigSchema = z
  .object({
    sources: z.array(z.enum(EVIDENCE_SOURCE_NAMES)).default([]),
    openalexUrl: z.url().default(OPENALEX_DEFAULT_URL),
    /** Sent as `api_key` on every request (required by OpenAlex since February 2026). */
    openalexApiKey: z.string().min(1).optional(),
    /** A contact address sent as `mailto`; optional. */
    openalexMailto: z.email().optional(),
    patentsviewUrl: z.url().default(PATENTSVIEW_DEFAULT_URL),
    patentsviewApiKey: z.string().min(1).optional(),
    /** The key's allowance, shared by every process using it (PatentSearch: 45 a minute). */
    patentsviewRequestsPerWindow: z.number().int().positive().default(PATENTSVIEW_BUDGET.requests),
    patentsviewWindowMs: z.number().int().positive().default(PATENTSVIEW_BUDGET.windowMs),
    /** Longest a search waits for a free slot of that budget before it is reported as rate-limited. */
    patentsviewMaxQueueMs: z.number().int().positive().default(120_000),
    epoOpsUrl: z.url().default(EPO_OPS_DEFAULT_URL),
    epoOpsKey: z.string().min(1).optional(),
    epoOpsSecret: z.string().min(1).optional(),
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
    if (c.sources.includes('openalex') && !c.openalexApiKey) {
      ctx.addIssue({
        code: 'custom',
        path: ['openalexApiKey'],
        message: 'required when openalex is an evidence source (OpenAlex requires an API key since February 2026)',
      });
    }
    if (c.sources.includes('epo-ops')) {
      if (!c.epoOpsKey) ctx.addIssue({ code: 'custom', path: ['epoOpsKey'], message: 'required when epo-ops is an evidence source' });
      if (!c.epoOpsSecret) ctx.addIssue({ code: 'custom', path: ['epoOpsSecret'], message: 'required when epo-ops is an evidence source' });
    }
  });

export type EvidenceConfigInput = z.input<typeof evidenceConfigSchema>;

export interface EvidencePorts {
  /** The PatentsView budget's ledger (one per process when absent). */
  gate?: RateGate;
  /** Answers a repeated search within a day (none when absent). */
  cache?: SearchCache;
  /** Hears every search, cache hit and probe (operators' view). */
  usage?: SourceUsageSink;
}

/** The listed sources, ready to search. Throws on an invalid configuration. */
export function createEvidenceSources(input: EvidenceConfigInput, ports: EvidencePorts = {}): EvidenceSource[] {
  const c = evidenceConfigSchema.parse(input);
  const policy = {
    timeoutMs: c.timeoutMs,
    maxRetries: c.maxRetries,
    retryBaseDelayMs: c.retryBaseDelayMs,
    maxRetryDelayMs: c.maxRetryDelayMs,
  };
  const create = (name: (typeof EVIDENCE_SOURCE_NAMES)[number]): EvidenceSource => {
    switch (name) {
      case 'openalex':
        return createOpenAlexSource({
          ...policy,
          baseUrl: c.openalexUrl,
          apiKey: c.openalexApiKey!,
          ...(c.openalexMailto ? { mailto: c.openalexMailto } : {}),
        });
      case 'patentsview':
        return createPatentsViewSource({
          ...policy,
          baseUrl: c.patentsviewUrl,
          apiKey: c.patentsviewApiKey!,
          budget: { requests: c.patentsviewRequestsPerWindow, windowMs: c.patentsviewWindowMs },
          maxQueueMs: c.patentsviewMaxQueueMs,
          ...(ports.gate ? { gate: ports.gate } : {}),
        });
      case 'epo-ops':
        return createEpoOpsSource({ ...policy, baseUrl: c.epoOpsUrl, key: c.epoOpsKey!, secret: c.epoOpsSecret! });
    }
  };
  return [...new Set(c.sources)].map((name) => {
    let source = create(name);
    if (ports.usage) source = observedSource(source, ports.usage);
    if (ports.cache) {
      const usage = ports.usage;
      source = cachedSource(
        source,
        ports.cache,
        usage ? (hits) => usage.record({ source: name, kind: 'cache_hit', ok: true, hits }) : undefined,
      );
    }
    return source;
  });
}
