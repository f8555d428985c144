import { z } from 'zod';
import { lineText, multiLineText } from './fields.ts';

/**
 * The invention record: what we understood of a member's idea, confirmed by the member before any
 * token is held, and the single source of facts for the report (REPORT-GUIDE "The invention record
 * comes first"). Its JSON is an API contract: fields may be added, never renamed.
 */

/** The engine's field taxonomy; 'uncertain' when the idea does not settle it. */
export const INVENTION_FIELDS = [
  { id: 'space_aerospace', label: 'Space and aerospace' },
  { id: 'test_measurement', label: 'Test and measurement' },
  { id: 'optics_photonics', label: 'Optics and photonics' },
  { id: 'medical_devices', label: 'Medical devices' },
  { id: 'diagnostics', label: 'Diagnostics' },
  { id: 'pharma_biotech', label: 'Pharma and biotech' },
  { id: 'software_ai', label: 'Software and AI' },
  { id: 'semiconductors_electronics', label: 'Semiconductors and electronics' },
  { id: 'energy_storage', label: 'Energy storage' },
  { id: 'energy_generation', label: 'Energy generation' },
  { id: 'materials_coatings', label: 'Materials and coatings' },
  { id: 'water', label: 'Water' },
  { id: 'agriculture_food', label: 'Agriculture and food' },
  { id: 'manufacturing', label: 'Manufacturing' },
  { id: 'mobility', label: 'Mobility and transport' },
  { id: 'construction', label: 'Construction and buildings' },
  { id: 'consumer', label: 'Consumer products' },
] as const;
export type InventionFieldId = (typeof INVENTION_FIELDS)[number]['id'];
export const INVENTION_FIELD_IDS = INVENTION_FIELDS.map((f) => f.id) as [InventionFieldId, ...InventionFieldId[]];
export const RECORD_FIELD_VALUES = [...INVENTION_FIELD_IDS, 'uncertain'] as const;
export type RecordField = (typeof RECORD_FIELD_VALUES)[number];

export const IP_STATUSES = ['none', 'filed', 'published', 'granted', 'unknown'] as const;
export type IpStatus = (typeof IP_STATUSES)[number];
export const IP_STATUS_LABELS: Record<IpStatus, string> = {
  none: 'No filing yet',
  filed: 'Filed (patent pending)',
  published: 'Application published',
  granted: 'Granted',
  unknown: 'Not stated',
};

export const CONFIDENCES = ['high', 'medium', 'low'] as const;

/** Bounds that keep a record a page of facts, not a second copy of the idea. */
export const RECORD_LIMITS = { name: 120, summary: 300, item: 300, list: 12, mechanism: 1200, quote: 600, figures: 20 } as const;

const line = (max: number) => lineText().trim().max(max);
const list = (max = RECORD_LIMITS.item) => z.array(line(max).min(1)).max(RECORD_LIMITS.list).default([]);
const quote = multiLineText().trim().max(RECORD_LIMITS.quote);

export const recordFigure = z.object({
  /** The number as stated (the low end of a stated range). */
  value: z.number().finite(),
  /** The high end of a stated range ("10–15 %"), or null. */
  value_max: z.number().finite().nullable().default(null),
  unit: line(40).default(''),
  /** What is counted or measured, in the inventor's words ("procedures per year in the US"). */
  what: line(200).min(1),
  /** The sentence the figure came from; empty when the member typed it into the form. */
  stated_text: quote.default(''),
});
export type RecordFigure = z.infer<typeof recordFigure>;

export const inventionRecord = z.object({
  /** The product's name exactly as written; a short descriptive name when the idea gives none. */
  name: line(RECORD_LIMITS.name).min(1, 'Please give the invention a name'),
  /** True when the idea itself names the product (the name is the inventor's, not ours). */
  name_stated: z.boolean().default(false),
  /** One line: what it is. */
  summary: line(RECORD_LIMITS.summary).default(''),
  field: z.enum(RECORD_FIELD_VALUES).default('uncertain'),
  field_confidence: z.enum(CONFIDENCES).default('low'),
  /** The key technical features: the elements a claim would be built from, in the inventor's words where possible. */
  features: list(),
  /** How it works. */
  mechanism: multiLineText().trim().max(RECORD_LIMITS.mechanism).default(''),
  /** The problem it solves and how it is solved today, as the inventor puts it. */
  problem: multiLineText().trim().max(RECORD_LIMITS.mechanism).default(''),
  /** The advantages the inventor claims, in their words (each to be proven). */
  advantages: list(),
  stage: z
    .object({
      /** The stated TRL, or the level a stated stage maps to; null when nothing is stated. */
      trl: z.number().int().min(1).max(9).nullable().default(null),
      /** The sentence that states it. */
      stated_text: quote.nullable().default(null),
      /** A stated stage in words ("Proof of concept", "Prototype"), when that is how it was stated. */
      label: line(80).nullable().default(null),
    })
    .default({ trl: null, stated_text: null, label: null }),
  ip: z
    .object({
      status: z.enum(IP_STATUSES).default('unknown'),
      /** Patent and application numbers as written ("US 10,123,456", "WO2024/012345"). */
      numbers: z.array(line(60).min(1)).max(RECORD_LIMITS.list).default([]),
      /** The owner or licensor, when stated. */
      owner: line(200).nullable().default(null),
      stated_text: quote.nullable().default(null),
    })
    .default({ status: 'unknown', numbers: [], owner: null, stated_text: null }),
  /** Applications and uses the inventor names. */
  applications: list(),
  /** Customers and users the inventor names. */
  customers: list(),
  /** Licensee types and partners the inventor names ("Companies interested in licensing … may include …"). */
  licensees: list(),
  figures: z.array(recordFigure).max(RECORD_LIMITS.figures).default([]),
  /** What the idea leaves open and a report should name as "to find out". */
  unknowns: list(),
});
/** A record as sent (defaults may be left out). */
export type InventionRecordInput = z.input<typeof inventionRecord>;
export type InventionRecord = z.infer<typeof inventionRecord>;

export function fieldLabel(field: RecordField): string {
  return INVENTION_FIELDS.find((f) => f.id === field)?.label ?? 'Uncertain';
}
