/** Small builders for section content blocks, so the writers read as prose. */
import type {
  Block,
  ConfidenceLevel,
  SectionBody,
} from '../../content/report-content.ts';

export const para = (text: string): Block => ({ type: 'paragraph', text });

export const bullets = (items: string[], title: string | null = null): Block => ({
  type: 'bullets',
  title,
  items: items.slice(0, 12),
});

export const table = (columns: string[], rows: string[][], title: string | null = null): Block => ({
  type: 'table',
  title,
  columns,
  rows: rows.slice(0, 20),
});

export const verify = (items: string[], title = 'To verify'): Block => ({
  type: 'callout',
  kind: 'verify',
  title,
  items: items.slice(0, 10),
});

export const assumptions = (items: string[], title = 'Assumptions'): Block => ({
  type: 'callout',
  kind: 'assumption',
  title,
  items: items.slice(0, 10),
});

export const confidenceNote = (level: ConfidenceLevel, reason: string, title = 'Confidence'): Block => ({
  type: 'callout',
  kind: 'confidence',
  title,
  items: [`${capitalise(level)} — ${reason}`],
});

export const actions = (items: string[], title = 'Do next'): Block => ({
  type: 'callout',
  kind: 'next-steps',
  title,
  items: items.slice(0, 10),
});

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "a", "a and b", "a, b and c". */
export function listing(items: readonly string[], conjunction = 'and'): string {
  const xs = items.filter(Boolean);
  if (xs.length <= 1) return xs[0] ?? '';
  return `${xs.slice(0, -1).join(', ')} ${conjunction} ${xs[xs.length - 1]}`;
}

export const quote = (s: string) => `“${s.replace(/^["“]|["”]$/g, '')}”`;

/** Fills the fields most sections leave empty. */
export function body(parts: Partial<SectionBody> & Pick<SectionBody, 'summary' | 'blocks' | 'next_steps'>): SectionBody {
  return { confidence: null, trl: null, risks: null, roi: null, ...parts };
}

/** Formats an amount in USD thousand as "USD 250k" or "USD 1.2M". */
export function kusd(n: number): string {
  if (Math.round(n) === 0) return 'USD 0';
  const sign = n < 0 ? '−' : '';
  const v = Math.abs(n);
  if (v >= 1000) return `${sign}USD ${(v / 1000).toFixed(v >= 10_000 ? 0 : 1)}M`;
  return `${sign}USD ${Math.round(v)}k`;
}

export const range = (lo: number, hi: number) => `${kusd(lo)}–${kusd(hi)}`;

/** A standard or regime without its parenthetical explanation, for use inside a sentence. */
export function shortName(name: string): string {
  return name.split('(')[0]!.trim();
}

/** "a" or "an" before a word or phrase, by how it is spoken (acronyms by their letters). */
export function article(phrase: string): 'a' | 'an' {
  const w = phrase.trim().split(/[\s-]+/)[0] ?? '';
  if (/^(?:[AEFHILMNORSX]|[0-9]*8|11|18)(?:[A-Z0-9]*)$/.test(w) && w === w.toUpperCase() && w.length <= 5) return 'an';
  if (/^[A-Z0-9]{2,5}$/.test(w)) return 'a';
  if (/^(?:uni|use|usu|uti|eu|one|once|ubiq)/i.test(w)) return 'a';
  if (/^(?:hour|honest|honou?r|heir)/i.test(w)) return 'an';
  return /^[aeiou]/i.test(w) ? 'an' : 'a';
}

/** A name inside a sentence: lower-case its first letter unless it starts with an acronym or a coined name (AR, VoltScope). */
export function inSentence<T extends string | undefined>(name: T): T {
  if (name === undefined) return name;
  const first = name.split(/\s+/)[0] ?? '';
  if (/^[A-Z0-9]{2,}/.test(first) || /[a-z][A-Z]/.test(first)) return name;
  return (name.charAt(0).toLowerCase() + name.slice(1)) as T;
}
