/**
 * Generates the missing sections of a report concurrently under a limit, reporting each one as
 * soon as it is done (so the caller can persist it and resume after a crash without paying for
 * it twice), then writes the executive summary last, from all the others.
 */
import { EXECUTIVE_SUMMARY_KEY, type ReportSectionDef, type SectionKey } from '@assay/shared';
import type { SectionContent } from '../content/report-content.ts';

export interface RunSectionsOptions {
  /** The report's sections in catalogue order (sectionsFor(complexity)). */
  sections: readonly ReportSectionDef[];
  /** Most sections generated at once (at least 1). */
  concurrency: number;
  /** Sections already generated and stored (resume); they are not generated again. */
  alreadyDone?: ReadonlyMap<string, SectionContent>;
  /**
   * Writes one section. `completed` holds the sections finished so far, in catalogue order;
   * for the section written last it holds all the others.
   */
  generate: (section: ReportSectionDef, completed: readonly SectionContent[]) => Promise<SectionContent>;
  /** Called once per newly generated section, before it counts as done. Awaited. */
  onSectionDone?: (key: SectionKey, content: SectionContent) => void | Promise<void>;
  signal?: AbortSignal;
  /** The section written last from all the others; null for none. Default: the executive summary. */
  lastKey?: SectionKey | null;
}

export async function runSections(options: RunSectionsOptions): Promise<SectionContent[]> {
  const { sections, generate, onSectionDone, signal } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const lastKey = options.lastKey === undefined ? EXECUTIVE_SUMMARY_KEY : options.lastKey;
  const results = new Map<string, SectionContent>();
  for (const s of sections) {
    const done = options.alreadyDone?.get(s.key);
    if (done) results.set(s.key, done);
  }
  const completed = () => sections.flatMap((s) => (results.has(s.key) ? [results.get(s.key)!] : []));

  async function runOne(section: ReportSectionDef): Promise<void> {
    const content = await generate(section, completed());
    if (content.key !== section.key) {
      throw new Error(`generate() returned section "${content.key}" for "${section.key}"`);
    }
    await onSectionDone?.(section.key, content);
    results.set(section.key, content);
  }

  const queue = sections.filter((s) => !results.has(s.key) && s.key !== lastKey);
  let next = 0;
  let failure: { error: unknown } | null = null;
  async function worker(): Promise<void> {
    while (!failure && next < queue.length) {
      if (signal?.aborted) {
        failure = { error: signal.reason ?? new Error('aborted') };
        return;
      }
      const section = queue[next++]!;
      try {
        await runOne(section);
      } catch (error) {
        // Stop starting new sections; those in flight finish (and are persisted) first.
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, () => worker()));
  if (failure) throw (failure as { error: unknown }).error;

  const last = sections.find((s) => s.key === lastKey);
  if (last && !results.has(last.key)) {
    signal?.throwIfAborted();
    await runOne(last);
  }
  return sections.map((s) => results.get(s.key)!);
}
