/** The corpus of real inventions (packages/report-engine/corpus/corpus.json), validated. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { FIELDS } from './fields.ts';

export const CORPUS_FILE = fileURLToPath(new URL('../../corpus/corpus.json', import.meta.url));

const InventionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  source_url: z.url(),
  patent: z.string().nullable(),
  assignee: z.string().nullable(),
  year: z.number().int().nullable(),
  field: z.enum(FIELDS),
  trl: z.number().int().min(1).max(9).nullable(),
  ip_status: z.string().nullable(),
  applications: z.array(z.object({ name: z.string().min(1), terms: z.array(z.string().min(1)).min(1) })),
  text: z.string().min(100),
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
