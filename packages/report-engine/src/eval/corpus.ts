/**
 * The corpus of real inventions and member ideas (packages/report-engine/corpus/corpus.json),
 * validated: every item carries the record a person wrote by hand from its text (`expected`) and
 * its set, tuning or holdout. The engine is never tuned on the holdout (corpus/README.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { INVENTION_FIELD_IDS, IP_STATUSES } from '@assay/shared';
import { FIELDS } from './fields.ts';
import type { EvalItem } from './evaluate.ts';
import type { ExpectedRecord } from './record-check.ts';

export const CORPUS_FILE = fileURLToPath(new URL('../../corpus/corpus.json', import.meta.url));

export const CORPUS_KINDS = ['listing', 'patent', 'member'] as const;
export const CORPUS_SPLITS = ['tuning', 'holdout'] as const;
/** The marker on items added for issue 24's eval (the first 15 carry none). */
export const ADDED_FOR_ISSUE_24 = 'issue-24';
/** The marker on the technology-transfer listings added later to widen the tuning set beyond patent abstracts. */
export const ADDED_MORE_LISTINGS = 'issue-24-more';

/** Our field labels of the first corpus, plus the fields only the standards table named before. */
const LEGACY_FIELDS = [...FIELDS, 'mobility', 'consumer products', 'construction'] as const;

const Named = z.strictObject({ name: z.string().min(1), terms: z.array(z.string().min(1)).min(1) });
const Trl = z.number().int().min(1).max(9);

const ExpectedSchema = z
  .strictObject({
    name: z.string().min(1).max(120).nullable(),
    name_alternatives: z.array(z.string().min(1)).optional(),
    name_head_terms: z.array(z.string().min(1)).min(1).optional(),
    field: z.enum(INVENTION_FIELD_IDS),
    field_alternatives: z.array(z.enum(INVENTION_FIELD_IDS)).optional(),
    stage: z.strictObject({
      trl: Trl.nullable(),
      trl_range: z.tuple([Trl, Trl]).nullable().optional(),
      label: z.string().min(1).nullable().optional(),
    }),
    ip: z.strictObject({ status: z.enum(IP_STATUSES), numbers: z.array(z.string().min(1)), owner: z.string().min(1).nullable() }),
    applications: z.array(Named),
    licensees: z.array(Named),
    customers: z.array(Named),
    figures: z.array(z.strictObject({ value: z.number().finite(), unit: z.string().optional(), what: z.string().optional() })),
  })
  .superRefine((e, ctx) => {
    // A name the text does not give is checked by the words a good descriptive title must hold.
    if (e.name === null && !e.name_head_terms) ctx.addIssue({ code: 'custom', message: 'a null name needs name_head_terms' });
    const r = e.stage.trl_range;
    if (r && (e.stage.trl === null || r[0] > r[1] || e.stage.trl < r[0] || e.stage.trl > r[1])) {
      ctx.addIssue({ code: 'custom', message: 'stage.trl must lie inside stage.trl_range' });
    }
    if (e.stage.trl === null && e.stage.label) ctx.addIssue({ code: 'custom', message: 'a stated stage label maps to a TRL' });
    if (e.ip.numbers.length > 0 && (e.ip.status === 'none' || e.ip.status === 'unknown')) {
      ctx.addIssue({ code: 'custom', message: 'patent numbers with IP status none/unknown' });
    }
  });

const InventionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    kind: z.enum(CORPUS_KINDS),
    split: z.enum(CORPUS_SPLITS),
    added: z.enum([ADDED_FOR_ISSUE_24, ADDED_MORE_LISTINGS]).optional(),
    /** The listing's or patent's title line; null for a member's own words or a page without one. */
    title: z.string().min(1).nullable(),
    /** Where the text was read; null only for member ideas, which we wrote. */
    source_url: z.url().nullable(),
    source_note: z.string().min(1).optional(),
    patent: z.string().nullable(),
    assignee: z.string().nullable(),
    year: z.number().int().nullable(),
    field: z.enum(LEGACY_FIELDS),
    trl: Trl.nullable(),
    ip_status: z.string().nullable(),
    applications: z.array(z.object({ name: z.string().min(1), terms: z.array(z.string().min(1)).min(1) })),
    text: z.string().min(100),
    expected: ExpectedSchema,
  })
  .superRefine((i, ctx) => {
    if (i.kind === 'member' ? i.source_url !== null || i.title !== null : i.source_url === null) {
      ctx.addIssue({ code: 'custom', message: `${i.id}: a member idea has no source or title; every other item has its source address` });
    }
  });
export type Invention = z.infer<typeof InventionSchema>;

export function loadCorpus(file = CORPUS_FILE): Invention[] {
  const parsed = z.object({ inventions: z.array(InventionSchema).min(1) }).parse(JSON.parse(readFileSync(file, 'utf8')));
  const ids = new Set<string>();
  for (const i of parsed.inventions) {
    if (ids.has(i.id)) throw new Error(`corpus: duplicate id ${i.id}`);
    ids.add(i.id);
  }
  return parsed.inventions;
}

/** The corpus items of one set (tuning or holdout) with the record a person wrote for each, for the eval. */
export function loadEvalItems(split: 'tuning' | 'holdout', file = CORPUS_FILE): EvalItem[] {
  return loadCorpus(file)
    .filter((i) => i.split === split)
    .map((i) => ({ id: i.id, split, kind: i.kind, title: i.title, text: i.text, expected: i.expected as ExpectedRecord }));
}
