/**
 * Evidence: what the patent and literature searches found, in the form stored with the report
 * (so a resumed job or a re-render never searches again) and given to the writers.
 *
 * A source is one small interface: a search for a few words returns hits. Production adapters
 * (openalex.ts, patentsview.ts) speak the real APIs; tests run them against fakes on loopback.
 */
import { z } from 'zod';

export const EVIDENCE_SOURCE_NAMES = ['openalex', 'patentsview'] as const;
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
}

export interface EvidenceSource {
  readonly name: EvidenceSourceName;
  readonly kind: EvidenceKind;
  /** How the report names it, e.g. "PatentsView (granted US patents)". */
  readonly label: string;
  /** One search for a few words (never the idea's text). Throws SearchError when it fails. */
  search(query: string, signal?: AbortSignal): Promise<EvidenceHit[]>;
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
  /** Closeness to the idea, 0-1 (share of the idea's weighted search vocabulary the document uses). */
  score: z.number().min(0).max(1),
  /** The idea's search terms the document's title or abstract contains. */
  shared: z.array(text(120)).max(20),
  /** The idea's search terms it does not contain (what the idea may add). */
  missing: z.array(text(120)).max(20),
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

export const EvidenceRecordSchema = z.object({
  version: z.literal(1),
  searchedAt: z.string(),
  /** The searches sent, each to every source (the method note lists them): all that left the server. */
  queries: z.array(text(300)).max(12),
  runs: z.array(SearchRunSchema).max(40),
  /** One line per kind of evidence (patents, works): what was searched and what happened. */
  sources: z.array(SourceReportSchema).max(6),
  items: z.array(EvidenceItemSchema).max(20),
});
export type EvidenceRecord = z.infer<typeof EvidenceRecordSchema>;

export const KIND_NOUN: Record<EvidenceKind, { search: string; plural: string }> = {
  patent: { search: 'patent search', plural: 'patents' },
  work: { search: 'literature search', plural: 'scholarly works' },
};

/** A stored record, or null when it is missing or no longer fits the model (it is then gathered again). */
export function parseEvidenceRecord(value: unknown): EvidenceRecord | null {
  const parsed = EvidenceRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
