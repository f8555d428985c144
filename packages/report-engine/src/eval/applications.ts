/**
 * Named items: every application, licensee or customer the invention text names (the corpus's
 * expected record) must appear. An item is present when one of its terms (alternatives) occurs in
 * the text as the start of a word (case-insensitive), so "batter" matches "battery" and "batteries".
 */
export interface NamedApplication {
  name: string;
  terms: string[];
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function hasTerm(text: string, term: string): boolean {
  const pattern = term.trim().split(/\s+/).map(escape).join('[\\s-]+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${pattern}`, 'iu').test(text);
}

/** The named items (applications, licensees, customers) none of whose terms occurs in the text. */
export function missingNamed(text: string, items: readonly NamedApplication[]): string[] {
  return items.filter((a) => !a.terms.some((t) => hasTerm(text, t))).map((a) => a.name);
}
