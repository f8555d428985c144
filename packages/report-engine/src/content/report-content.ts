/**
 * The content model of a report section: structured data, not free markdown, so the PDF can lay
 * it out (tables, callouts, charts). The same zod schemas are sent to LLM providers as the
 * structured-output contract and validate whatever comes back. It lives beside the ReportWriter
 * interface that produces it.
 *
 * Kept small on purpose: every field is required (nullable instead of optional) and unions are
 * plain `anyOf`, which is what strict JSON-schema structured output modes accept.
 */
import { z } from 'zod';
import type { SectionKey } from '@assay/shared';

const line = (max: number) => z.string().trim().min(1).max(max);

export const ParagraphBlockSchema = z.object({
  type: z.literal('paragraph'),
  text: line(2500),
});

export const BulletsBlockSchema = z.object({
  type: z.literal('bullets'),
  title: line(160).nullable(),
  items: z.array(line(600)).min(1).max(12),
});

export const TableBlockSchema = z
  .object({
    type: z.literal('table'),
    title: line(160).nullable(),
    columns: z.array(line(80)).min(2).max(6),
    rows: z
      .array(z.array(z.string().trim().max(400)).min(1).max(6))
      .min(1)
      .max(20),
  })
  .refine((t) => t.rows.every((r) => r.length === t.columns.length), {
    message: 'every table row must have exactly one cell per column',
    path: ['rows'],
  });

export const CALLOUT_KINDS = ['verify', 'assumption', 'confidence', 'next-steps'] as const;
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

export const CalloutBlockSchema = z.object({
  type: z.literal('callout'),
  kind: z.enum(CALLOUT_KINDS),
  title: line(160).nullable(),
  items: z.array(line(600)).min(1).max(10),
});

export const BlockSchema = z.union([ParagraphBlockSchema, BulletsBlockSchema, TableBlockSchema, CalloutBlockSchema]);

export const CONFIDENCE_LEVELS = ['high', 'medium', 'low'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

export const ConfidenceSchema = z.object({
  level: z.enum(CONFIDENCE_LEVELS),
  reason: line(400),
});

/** Technology Readiness Level (Horizon Europe scale) with the evidence it rests on. */
export const TrlSchema = z.object({
  level: z.number().int().min(1).max(9),
  evidence: z.array(line(400)).min(1).max(6),
  to_reach_next: z.array(line(400)).min(1).max(6),
});

export const RISK_CATEGORIES = ['technical', 'market', 'ip', 'regulatory', 'team', 'funding'] as const;

/** One row of a risk register: likelihood and impact on 1-5 scales, plotted on a 5×5 matrix. */
export const RiskSchema = z.object({
  risk: line(300),
  category: z.enum(RISK_CATEGORIES),
  likelihood: z.number().int().min(1).max(5),
  impact: z.number().int().min(1).max(5),
  mitigation: line(400),
});

export const RoiYearSchema = z.object({
  year: z.number().int().min(1).max(5),
  investment: z.number().min(0),
  revenue: z.number().min(0),
});

/** A five-year investment/return scenario. Figures are a model built on stated assumptions, never facts. */
export const RoiSchema = z
  .object({
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/),
    unit: z.enum(['units', 'thousands', 'millions']),
    scenario: line(300),
    years: z.array(RoiYearSchema).length(5),
  })
  .refine((r) => r.years.every((y, i) => y.year === i + 1), {
    message: 'years must be numbered 1 to 5 in order',
    path: ['years'],
  });

/** What a writer (LLM or offline analyst) produces for one section. */
export const SectionBodySchema = z.object({
  summary: z.array(line(1500)).min(1).max(4),
  blocks: z.array(BlockSchema).min(1).max(16),
  confidence: ConfidenceSchema.nullable(),
  next_steps: z.array(line(500)).min(1).max(6),
  trl: TrlSchema.nullable(),
  risks: z.array(RiskSchema).min(1).max(15).nullable(),
  roi: RoiSchema.nullable(),
});

/** Sections whose structured chart data is mandatory (the PDF draws a chart from it). */
const REQUIRED_DATA: Partial<Record<SectionKey, 'trl' | 'risks' | 'roi'>> = {
  feasibility: 'trl',
  trl_challenges: 'trl',
  risks: 'risks',
  roi_5_year: 'roi',
};

export function requiredDataFor(key: SectionKey): 'trl' | 'risks' | 'roi' | null {
  return REQUIRED_DATA[key] ?? null;
}

/**
 * The schema a writer must satisfy for one section: the common body, with the chart data this
 * section needs made non-nullable (so the JSON schema the model sees says so too).
 */
export function sectionBodySchemaFor(key: SectionKey) {
  const required = requiredDataFor(key);
  if (required === 'trl') return SectionBodySchema.extend({ trl: TrlSchema });
  if (required === 'risks') return SectionBodySchema.extend({ risks: z.array(RiskSchema).min(3).max(15) });
  if (required === 'roi') return SectionBodySchema.extend({ roi: RoiSchema });
  return SectionBodySchema;
}

/**
 * One row of a prior-art table: the writer says what a found document covers and how the idea
 * differs; its number, holder, year and title come from the stored evidence, never from the writer.
 */
export const PriorArtRowSchema = z.object({
  /** An evidence id (P1…, W1…). */
  id: z.string().regex(/^[PW]\d{1,2}$/),
  covers: line(400),
  differs: line(400),
});

export const SectionContentSchema = SectionBodySchema.extend({
  key: z.string().min(1),
  title: line(160),
  /** Only in the sections that carry the prior-art table, and only when a search found documents. */
  prior_art: z.array(PriorArtRowSchema).max(10).nullish(),
});

export type ParagraphBlock = z.infer<typeof ParagraphBlockSchema>;
export type BulletsBlock = z.infer<typeof BulletsBlockSchema>;
export type TableBlock = z.infer<typeof TableBlockSchema>;
export type CalloutBlock = z.infer<typeof CalloutBlockSchema>;
export type Block = z.infer<typeof BlockSchema>;
export type Confidence = z.infer<typeof ConfidenceSchema>;
export type Trl = z.infer<typeof TrlSchema>;
export type Risk = z.infer<typeof RiskSchema>;
export type RiskCategory = (typeof RISK_CATEGORIES)[number];
export type Roi = z.infer<typeof RoiSchema>;
export type SectionBody = z.infer<typeof SectionBodySchema>;
export type PriorArtRow = z.infer<typeof PriorArtRowSchema>;
/** A finished section as stored and rendered: the body plus its catalogue key and title. */
export type SectionContent = SectionBody & { key: SectionKey; title: string; prior_art?: PriorArtRow[] | null };

/**
 * The plan shared by every section of one report, so they agree on the basics
 * (what it is, its domain, its maturity) without each re-deriving them.
 */
export const ReportOutlineSchema = z.object({
  title: line(160),
  one_liner: line(400),
  domain: line(120),
  key_terms: z.array(line(80)).min(1).max(12),
  trl_estimate: z.object({
    level: z.number().int().min(1).max(9),
    evidence: line(400),
  }),
  applications: z.array(line(200)).min(1).max(8),
  claims_to_verify: z.array(line(300)).max(8),
  open_questions: z.array(line(300)).max(8),
});

export type ReportOutline = z.infer<typeof ReportOutlineSchema>;

/** Token usage (0 for the offline analyst); defined with the LLM provider interface. */
export { addUsage, ZERO_USAGE, type TokenUsage } from '../llm/structured-llm.ts';
