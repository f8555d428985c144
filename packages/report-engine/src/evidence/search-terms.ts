/**
 * The searches a report sends (decision 215): one query family per target of the record — the
 * mechanism and each key feature — in several shapes per source: the feature's own words as a
 * phrase, all of its words with their synonyms in any order, and the same restricted to the
 * field's classes (CPC subclasses in PatentsView, OpenAlex fields for papers). Never a single
 * word, never who it is for: a target's searched words are two to four of its content words,
 * market and customer words removed. Only these short queries leave the server: the idea's text
 * and the record never do.
 */
import type { InventionRecord } from '@assay/shared';
import { cpcSubclasses, OPENALEX_FIELD_NAMES, OPENALEX_FIELDS, synonymsOf } from '../knowledge/search-vocabulary.ts';
import type { FieldChoice } from '../knowledge/fields.ts';
import type { EvidenceKind, QueryShape } from './evidence.ts';
import { featureTargets, type FeatureTarget } from './features.ts';

/** One search of a family, in one shape. */
export interface PlannedQuery {
  /** The plain words: what a source that ignores the shape searches. */
  text: string;
  form: 'phrase' | 'all-words' | 'class';
  shape: QueryShape;
}

export interface FamilyPlan {
  target: FeatureTarget;
  queries: PlannedQuery[];
}

export interface SearchPlan {
  /** What the record's features are, as a document is read against them (chart and ranking). */
  targets: FeatureTarget[];
  /** What is sent: one family per searched target, mechanism first. */
  families: FamilyPlan[];
  /** Weighted phrases used on this server only, to break ties between documents touching as many features. */
  rankingTerms: Array<{ term: string; weight: number }>;
}

/** Families searched per report: four targets × three shapes is twelve searches per source. */
export const MAX_FAMILIES = 4;
/** A query never repeats this many consecutive words of the idea (the idea is confidential). */
export const MAX_SHARED_RUN = 6;

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** True when `query` holds a run of MAX_SHARED_RUN or more consecutive words of the idea. */
export function repeatsIdea(query: string, idea: string): boolean {
  const q = words(query);
  if (q.length < MAX_SHARED_RUN) return false;
  const ideaText = ` ${words(idea).join(' ')} `;
  for (let i = 0; i + MAX_SHARED_RUN <= q.length; i++) {
    if (ideaText.includes(` ${q.slice(i, i + MAX_SHARED_RUN).join(' ')} `)) return true;
  }
  return false;
}

/** Where the field's documents are filed; none for an uncertain field (no restriction is guessed). */
export function fieldClasses(field: Pick<FieldChoice, 'id' | 'neutral' | 'profile'>): { cpc: string[]; openAlexFields: number[] } {
  if (field.neutral || field.id === 'uncertain') return { cpc: [], openAlexFields: [] };
  return { cpc: cpcSubclasses(field.profile.cpc).slice(0, 4), openAlexFields: [...OPENALEX_FIELDS[field.id]] };
}

function familyFor(target: FeatureTarget, classes: { cpc: string[]; openAlexFields: number[] }): FamilyPlan | null {
  if (!target.core) return null;
  const core = target.core.toLowerCase();
  const all = target.words.join(' ');
  const groups = target.words.map((w) => [w, ...synonymsOf(w)]);
  if (groups.length < 2) return null; // a single word is too broad to search
  const none = { cpc: [], openAlexFields: [] };
  const queries: PlannedQuery[] = [];
  if (target.phrase) queries.push({ text: core, form: 'phrase', shape: { mode: 'phrase', groups: [[core]], ...none } });
  queries.push({ text: all, form: 'all-words', shape: { mode: 'all', groups, ...none } });
  if (classes.cpc.length || classes.openAlexFields.length)
    queries.push({ text: all, form: 'class', shape: { mode: 'all', groups, ...classes } });
  return { target, queries };
}

/** The search plan for a confirmed record in its field. */
export function buildSearchPlan(record: InventionRecord, field: Pick<FieldChoice, 'id' | 'neutral' | 'profile'>): SearchPlan {
  const targets = featureTargets(record);
  const idea = [record.summary, ...record.features, record.mechanism, record.problem].join('\n');
  const classes = fieldClasses(field);
  const families: FamilyPlan[] = [];
  const seen: string[] = [];
  for (const t of targets) {
    if (families.length >= MAX_FAMILIES) break;
    const family = familyFor(t, classes);
    if (!family) continue;
    const key = ` ${words(t.core!).join(' ')} `;
    // A core inside one already searched ("membrane filter" in "ceramic membrane filter") adds nothing.
    if (seen.some((s) => s.includes(key) || key.includes(s))) continue;
    if (repeatsIdea(t.core!, idea)) continue;
    seen.push(key);
    families.push(family);
  }
  const rankingTerms = targets.filter((t) => t.core).map((t) => ({ term: t.core!.toLowerCase(), weight: t.kind === 'mechanism' ? 3 : 2 }));
  return { targets, families, rankingTerms };
}

const joinOr = (xs: readonly string[]) => (xs.length === 1 ? xs[0]! : `(${xs.join(' OR ')})`);

/**
 * How one search is listed in the method note (which quotes each), as the source of that kind is
 * asked: a phrase as its words, all words joined by AND with synonyms by OR, and the classes it
 * was restricted to.
 */
export function describeQuery(q: PlannedQuery, kind: EvidenceKind): string {
  const { shape } = q;
  const words = shape.mode === 'phrase' ? shape.groups[0]![0]! : shape.groups.map(joinOr).join(' AND ');
  if (q.form !== 'class') return words;
  if (kind === 'patent') return shape.cpc.length ? `${words}, in CPC ${shape.cpc.join(' or ')}` : words;
  return shape.openAlexFields.length
    ? `${words}, in ${shape.openAlexFields.map((f) => OPENALEX_FIELD_NAMES[f] ?? `field ${f}`).join(' or ')}`
    : words;
}
