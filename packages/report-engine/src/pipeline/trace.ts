/**
 * A record of the report's calls (plan, searches, sections, rendering) with what each waited
 * for, so a run can be compared with the critical path of its own call graph: the longest chain
 * of calls that had to happen one after another. The bench prints both.
 */
export interface Span {
  name: string;
  /** Names of the spans this one could not start before. */
  after: readonly string[];
  startMs: number;
  endMs: number;
}

export class Trace {
  readonly spans: Span[] = [];
  constructor(private readonly now: () => number = () => performance.now()) {}

  async span<T>(name: string, after: readonly string[], fn: () => Promise<T>): Promise<T> {
    const startMs = this.now();
    try {
      return await fn();
    } finally {
      this.spans.push({ name, after, startMs, endMs: this.now() });
    }
  }
}

/** Wall time from the first call's start to the last call's end. */
export function wallMs(spans: readonly Span[]): number {
  if (spans.length === 0) return 0;
  return Math.max(...spans.map((s) => s.endMs)) - Math.min(...spans.map((s) => s.startMs));
}

/** The longest chain of dependent calls, each taking the time it took in this run. */
export function criticalPathMs(spans: readonly Span[]): number {
  const byName = new Map(spans.map((s) => [s.name, s]));
  const memo = new Map<string, number>();
  const finish = (s: Span): number => {
    const known = memo.get(s.name);
    if (known !== undefined) return known;
    const before = Math.max(
      0,
      ...s.after
        .map((n) => byName.get(n))
        .filter((d): d is Span => !!d)
        .map(finish),
    );
    const value = before + (s.endMs - s.startMs);
    memo.set(s.name, value);
    return value;
  };
  return Math.max(0, ...spans.map(finish));
}
