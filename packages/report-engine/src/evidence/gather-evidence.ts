/**
 * The research stage: every query to every configured source at once (each call has its own
 * timeout and retries), then de-duplication and ranking. A source that fails or is missing is
 * recorded in plain words; the stage itself never fails a report.
 */
import { KIND_NOUN, type EvidenceHit, type EvidenceKind, type EvidenceRecord, type EvidenceSource, type SearchRun, type SourceReport } from './evidence.ts';
import { SearchError } from './http.ts';
import { rankEvidence } from './rank.ts';
import { buildSearchPlan } from './search-terms.ts';

export interface GatherEvidenceInput {
  idea: string;
  sources: readonly EvidenceSource[];
  now: () => Date;
  signal?: AbortSignal;
}

const DEFAULT_LABEL: Record<EvidenceKind, string> = {
  patent: 'PatentsView (granted US patents)',
  work: 'OpenAlex (scholarly works)',
};

function sourceReport(kind: EvidenceKind, source: EvidenceSource | undefined, runs: SearchRun[], kept: number): SourceReport {
  const noun = KIND_NOUN[kind];
  if (!source) {
    return {
      kind,
      source: null,
      label: DEFAULT_LABEL[kind],
      status: 'not_run',
      note: `No ${noun.search} was run for this report: no ${kind === 'patent' ? 'patent' : 'literature'} database is connected to this service.`,
    };
  }
  const mine = runs.filter((r) => r.source === source.name);
  const failed = mine.filter((r) => !r.ok);
  const why = [...new Set(failed.map((r) => r.failure))].join('; ');
  if (mine.length > 0 && failed.length === mine.length) {
    return { kind, source: source.name, label: source.label, status: 'failed', note: `The ${noun.search} (${source.label}) failed: the service ${why}. This report cites no ${noun.plural}.` };
  }
  const found = `${mine.length} ${mine.length === 1 ? 'search' : 'searches'} of ${source.label}; the ${kept} closest ${noun.plural} are listed under References.`;
  if (failed.length > 0) {
    return { kind, source: source.name, label: source.label, status: 'partly_failed', note: `${found} ${failed.length} of the ${mine.length} searches failed: the service ${why}.` };
  }
  return { kind, source: source.name, label: source.label, status: 'searched', note: kept > 0 ? found : `${mine.length} searches of ${source.label} found no ${noun.plural} close to this idea.` };
}

export async function gatherEvidence(input: GatherEvidenceInput): Promise<EvidenceRecord> {
  const plan = buildSearchPlan(input.idea);
  const runs: SearchRun[] = [];
  const hits: EvidenceHit[] = [];
  await Promise.all(
    input.sources.flatMap((source) =>
      plan.queries.map(async (query) => {
        try {
          const found = await source.search(query, input.signal);
          hits.push(...found);
          runs.push({ source: source.name, query, ok: true, hits: found.length, failure: null });
        } catch (e) {
          const failure = e instanceof SearchError ? e.plain : 'failed unexpectedly';
          runs.push({ source: source.name, query, ok: false, hits: 0, failure });
        }
      }),
    ),
  );
  input.signal?.throwIfAborted();
  // Runs finish in any order: keep the record stable for the same answers.
  runs.sort((a, b) => a.source.localeCompare(b.source) || plan.queries.indexOf(a.query) - plan.queries.indexOf(b.query));
  const items = rankEvidence(hits, plan);
  const sources = (['patent', 'work'] as const).map((kind) =>
    sourceReport(kind, input.sources.find((s) => s.kind === kind), runs, items.filter((i) => i.kind === kind).length),
  );
  return { version: 1, searchedAt: input.now().toISOString(), queries: plan.queries, runs, sources, items };
}
