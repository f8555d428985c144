/**
 * Named applications: every application the invention text names (from the corpus record) must
 * appear in the report. An application is present when each of its terms occurs in the report
 * text as the start of a word (case-insensitive), so "batter" matches "battery" and "batteries".
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

export function missingApplications(reportText: string, applications: readonly NamedApplication[]): string[] {
  return applications.filter((a) => !a.terms.every((t) => hasTerm(reportText, t))).map((a) => a.name);
}
