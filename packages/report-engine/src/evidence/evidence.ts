/**
 * Evidence: what the patent and literature searches found, in the form stored with the report
 * (so a resumed job or a re-render never searches again) and given to the writers.
 *
 * A source is one small interface: a search for a few words returns hits. Production adapters
 * (openalex.ts, patentsview.ts, epo-ops.ts) speak the real APIs; tests run them against fakes on
 * loopback. Budgets, the result cache and usage reporting wrap a source without changing it.
 */
import { z } from 'zod';

export const EVIDENCE_SOURCE_NAMES = ['openalex', 'patentsview', 'epo-ops'] as const;
export type EvidenceSourceName = (typeof EVIDENCE_SOURCE_NAMES)[number];

export const EVIDENCE_KINDS = ['patent', 'work'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** One document a source returned, before de-duplication and ranking. */
export interface EvidenceHit {
  kind: EvidenceKind;
  source: EvidenceSourceName;
  /** Patent number (e.g. "US10123456") or DOI (e.g. "10.1000/xyz123"); the source's own id when a work has no DOI. */
  identifier: string;
  title: string;
  /** Assignees (patents) or authors (works), most important first. */
  holders: string[];
  year: number | null;
  url: string;
  abstract: string;
  /** The claims, where the source returns them (they count in ranking and in the feature chart). */
  claims?: string;
}

/**
 * How one search of a query family is meant (decision 215). A source sends what it can express
 * of it and the plain words otherwise; a source that ignores the shape searches the words alone.
 */
export interface QueryShape {
  /** 'phrase': the words in this order; 'all': every group, each by any one of its alternatives. */
  mode: 'phrase' | 'all';
  /** For 'all': the words, each with its synonyms ([["zinc"], ["sensor", "detector"]]); for 'phrase': one group holding the phrase. */
  groups: string[][];
  /** Restricts a patent search to these CPC subclasses ("C02F"); empty for no restriction. */
  cpc: string[];
  /** Restricts a literature search to these OpenAlex fields (ids 11–36); empty for no restriction. */
  openAlexFields: number[];
}

export interface EvidenceSource {
  readonly name: EvidenceSourceName;
  readonly kind: EvidenceKind;
  /** How the report names it, e.g. "PatentsView (granted US patents)". */
  readonly label: string;
  /**
   * One search for a few words (never the idea's text). Throws SearchError when it fails.
   * `shape`, when given, says how the words are meant (phrase, all words with synonyms, a class
   * restriction); `query` is always the plain words, so a source may ignore the shape.
   */
  search(query: string, signal?: AbortSignal, shape?: QueryShape): Promise<EvidenceHit[]>;
  /**
   * One cheap request that proves the key works (run at start-up, so a wrong key is reported
   * then, not at the first report). Throws SearchError; `rejected` means the key was refused.
   */
  probe?(signal?: AbortSignal): Promise<void>;
}

const text = (max: number) => z.string().max(max);

export const EvidenceItemSchema = z.object({
  /** The citation id writers use in the text: P1…P10 for patents, W1…W10 for works. */
  id: z.string().regex(/^[PW]\d{1,2}$/),
  kind: z.enum(EVIDENCE_KINDS),
  source: z.enum(EVIDENCE_SOURCE_NAMES),
  identifier: text(200),
  title: text(500),
  holders: z.array(text(200)).max(10),
  year: z.number().int().nullable(),
  url: text(1000),
  abstract: text(1200),
  /** Closeness to the idea, 0-1: the share of the record's features the document touches (disclosed counts 1, partly ½). */
  score: z.number().min(0).max(1),
  /** The record's features (their searched words) the document's title, abstract or claims touch. */
  shared: z.array(text(120)).max(20),
  /** The record's features it does not touch. */
  missing: z.array(text(120)).max(20),
  /** The claims, when the source returned them (clipped); the feature chart reads them. */
  claims: text(2000).optional(),
});
export type EvidenceItem = z.infer<typeof EvidenceItemSchema>;

export const SearchRunSchema = z.object({
  source: z.enum(EVIDENCE_SOURCE_NAMES),
  query: text(300),
  ok: z.boolean(),
  hits: z.number().int().min(0),
  /** Why it failed, in plain words ("did not answer within 10 s"). */
  failure: text(300).nullable(),
});
export type SearchRun = z.infer<typeof SearchRunSchema>;

export const SourceReportSchema = z.object({
  kind: z.enum(EVIDENCE_KINDS),
  /** The source asked, or null when no source of this kind is configured. */
  source: z.enum(EVIDENCE_SOURCE_NAMES).nullable(),
  label: text(200),
  status: z.enum(['searched', 'partly_failed', 'failed', 'not_run']),
  /** One plain sentence for the reader ("No patent search was run for this report: …"). */
  note: text(600),
});
export type SourceReport = z.infer<typeof SourceReportSchema>;

/** One feature's searches (decision 215): what the method note lists under the feature. */
export const QueryFamilySchema = z.object({
  /** The feature as the record words it (clipped), or "How it works" for the mechanism. */
  target: text(200),
  /** The searches sent for it, as listed in `queries`. */
  queries: z.array(text(300)).max(12),
});
export type QueryFamily = z.infer<typeof QueryFamilySchema>;

export const EvidenceRecordSchema = z.object({
  version: z.literal(1),
  searchedAt: z.string(),
  /** The searches sent, as each source was asked (the method note lists them): all that left the server. */
  queries: z.array(text(300)).max(48),
  /** The same searches by feature; absent in records stored before query families. */
  families: z.array(QueryFamilySchema).max(12).optional(),
  runs: z.array(SearchRunSchema).max(120),
  /** One line per kind of evidence (patents, works): what was searched and what happened. */
  sources: z.array(SourceReportSchema).max(6),
  items: z.array(EvidenceItemSchema).max(20),
});
export type EvidenceRecord = z.infer<typeof EvidenceRecordSchema>;

export const KIND_NOUN: Record<EvidenceKind, { search: string; singular: string; plural: string }> = {
  patent: { search: 'patent search', singular: 'patent', plural: 'patents' },
  work: { search: 'literature search', singular: 'scholarly work', plural: 'scholarly works' },
};

/** A stored record, or null when it is missing or no longer fits the model (it is then gathered again). */
export function parseEvidenceRecord(value: unknown): EvidenceRecord | null {
  const parsed = EvidenceRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
