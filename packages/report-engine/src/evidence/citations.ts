/**
 * Citations: writers cite evidence in their text by id in square brackets ("[P1]", "[W2]",
 * "[P1, W3]"). A section's schema accepts only the ids that section was given, so an answer
 * citing anything else fails validation and the model is asked again with the reason; the
 * offline analyst is held to the same schema.
 */
import type { SectionKey } from '@assay/shared';
import { z } from 'zod';
import { PriorArtRowSchema, sectionBodySchemaFor } from '../content/report-content.ts';
import type { EvidenceItem, EvidenceRecord } from './evidence.ts';

/** A bracket that holds evidence ids, or a bare number (a citation style we do not use). */
const MARKER = /\[\s*((?:[PW]\d{1,3}|\d{1,3})(?:\s*[,;]\s*(?:[PW]\d{1,3}|\d{1,3}))*)\s*\]/g;

/** Every id cited in a text, in order of appearance. */
export function citedIds(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(MARKER)) out.push(...m[1]!.split(/\s*[,;]\s*/));
  return out;
}

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** The sections whose body carries the prior-art table (IP summary in every tier; detailed IP; freedom to operate). */
export const PRIOR_ART_SECTIONS: ReadonlySet<SectionKey> = new Set(['ip_summary', 'detailed_ip', 'freedom_to_operate']);

/** Freedom to operate is about others' patents; the other prior-art tables take works too. */
export function priorArtCandidates(key: SectionKey, evidence: readonly EvidenceItem[]): EvidenceItem[] {
  return evidence.filter((e) => key !== 'freedom_to_operate' || e.kind === 'patent');
}

/**
 * The schema one section must satisfy given the evidence it was shown: the catalogue schema,
 * the prior-art rows where this section has them, and citations limited to the evidence ids.
 */
export function sectionSchemaWithEvidence(key: SectionKey, evidence: readonly EvidenceItem[]) {
  const allowed = new Set(evidence.map((e) => e.id));
  const base = sectionBodySchemaFor(key);
  const candidates = PRIOR_ART_SECTIONS.has(key) ? priorArtCandidates(key, evidence) : [];
  const ids = candidates.map((e) => e.id);
  const schema =
    ids.length > 0
      ? base.extend({
          prior_art: z
            .array(PriorArtRowSchema.extend({ id: z.enum(ids as [string, ...string[]]) }))
            .min(Math.min(3, ids.length))
            .max(10),
        })
      : base;
  return schema.superRefine((body, ctx) => {
    const unknown = [...new Set(strings(body).flatMap(citedIds))].filter((id) => !allowed.has(id));
    if (unknown.length === 0) return;
    const list = allowed.size > 0 ? [...allowed].map((id) => `[${id}]`).join(', ') : 'none (cite nothing)';
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: `cites ${unknown.map((id) => `[${id}]`).join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} not in the evidence list for this section. Cite only these ids: ${list}.`,
    });
  });
}

/** Which documents a section is shown: the IP sections all of them, others the few that bear on them. */
export function evidenceForSection(key: SectionKey, record: EvidenceRecord | null): EvidenceItem[] {
  const items = record?.items ?? [];
  const top = (kind: 'patent' | 'work', n: number) => items.filter((i) => i.kind === kind).slice(0, n);
  switch (key) {
    // The summaries are written from the other sections, which may cite any document.
    case 'executive_summary':
    case 'expanded_summary':
    case 'ip_snapshot':
    case 'ip_summary':
    case 'detailed_ip':
    case 'claims_analysis':
    case 'freedom_to_operate':
    case 'appendices':
      return items;
    case 'technology':
    case 'technology_description':
    case 'feasibility':
    case 'trl_challenges':
    case 'benefits':
      return [...top('patent', 3), ...top('work', 5)];
    case 'competitors':
    case 'market_competition':
    case 'market_signals':
    case 'applications':
    case 'fit':
    case 'commercialisation_options':
    case 'licensing_exit':
    case 'risks':
      return [...top('patent', 5), ...top('work', 2)];
    default:
      return [];
  }
}
