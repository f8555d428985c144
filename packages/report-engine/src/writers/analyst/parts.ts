/**
 * The pieces sections are built from. The rule that keeps reports from reading alike: a sentence
 * the analyst writes takes only controlled values into it (a number, a TRL label, a field, a
 * regulation's name, the confirmed product name); whatever the member wrote is quoted, or stands
 * on its own as a bullet or a table cell — never poured into a sentence frame.
 */
import type { Block, ConfidenceLevel, Risk, Roi, SectionBody, Trl } from '../../content/report-content.ts';
import { clip } from '../../text/normalise.ts';

export const para = (text: string): Block => ({ type: 'paragraph', text: clip(text, 2500) });

export const bullets = (items: readonly string[], title: string | null = null): Block => ({
  type: 'bullets',
  title,
  items: items.slice(0, 12).map((i) => clip(i, 600)),
});

export const table = (columns: string[], rows: string[][], title: string | null = null): Block => ({
  type: 'table',
  title,
  columns,
  rows: rows.slice(0, 20).map((r) => r.map((c) => clip(c, 400))),
});

const callout = (kind: 'verify' | 'assumption' | 'confidence' | 'next-steps', title: string | null, items: readonly string[]): Block => ({
  type: 'callout',
  kind,
  title,
  items: items.slice(0, 10).map((i) => clip(i, 600)),
});

/** What the record leaves open, said once, as what to find out. */
export const toFindOut = (items: readonly string[], title = 'To find out') => callout('verify', title, items);
export const assumptions = (items: readonly string[], title = 'Assumptions') => callout('assumption', title, items);

/** The member's words, quoted exactly (shortened at a word boundary when long). */
export const q = (text: string, max = 300) => `“${clip(text.trim().replace(/^["“]|["”]$/g, ''), max)}”`;

/** USD thousands as a reader wants them: "USD 450k", "USD 1.2M". */
export function kusd(n: number): string {
  const abs = Math.abs(n);
  const sign = n < 0 ? '−' : '';
  if (abs >= 1000) return `${sign}USD ${(abs / 1000).toFixed(abs >= 10_000 ? 0 : 1)}M`;
  return `${sign}USD ${Math.round(abs)}k`;
}

export function kusdRange([a, b]: readonly [number, number]): string {
  return a === b ? kusd(a) : `${kusd(a)}–${kusd(b).replace(/^USD /, '')}`;
}

export const months = ([a, b]: readonly [number, number]) => (a === b ? `${a} months` : `${a}–${b} months`);

export interface BodyInput {
  summary: string[];
  blocks: Block[];
  confidence?: { level: ConfidenceLevel; reason: string } | null;
  next: string[];
  trl?: Trl | null;
  risks?: Risk[] | null;
  roi?: Roi | null;
}

/** A section body: at least one summary line, block and next step, as the schema requires. */
export function body(input: BodyInput): SectionBody {
  const blocks = input.blocks.filter((b) =>
    b.type === 'table' ? b.rows.length > 0 : b.type === 'paragraph' ? b.text.trim().length > 0 : b.items.length > 0,
  );
  return {
    summary: input.summary
      .filter(Boolean)
      .slice(0, 4)
      .map((s) => clip(s, 1500)),
    blocks: (blocks.length > 0 ? blocks : [para(input.summary[0] ?? '')]).slice(0, 16),
    confidence: input.confidence ? { level: input.confidence.level, reason: clip(input.confidence.reason, 400) } : null,
    next_steps: input.next
      .filter(Boolean)
      .slice(0, 6)
      .map((s) => clip(s, 500)),
    trl: input.trl ?? null,
    risks: input.risks ?? null,
    roi: input.roi ?? null,
  };
}
