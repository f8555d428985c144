import type { Report, TextChange, VersionComparison } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../../components/ui/Button.tsx';
import { compareVersions } from '../../api/report-actions.ts';
import { reportKeys } from '../../api/keys.ts';

/**
 * Version n beside the current one: the facts of the record that moved (before → after), then the
 * sections in reading order, the changed ones word by word (added text underlined in green,
 * removed struck through in red, each also named for screen readers), the unchanged ones listed.
 */
export function CompareVersions({ report, n, onBack }: { report: Report; n: number; onBack: () => void }) {
  const comparison = useQuery({
    queryKey: [...reportKeys.one(report.id), 'compare', n, report.version],
    queryFn: ({ signal }) => compareVersions(report.id, n, signal),
  });
  const c = comparison.data;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">
          {c ? `Version ${c.from} → version ${c.to}` : `Version ${n} and the current version`}
        </h3>
        <Button variant="outline" size="sm" onClick={onBack}>
          Back to the report
        </Button>
      </div>
      {comparison.isPending ? (
        <p className="text-sm text-slate-600">Comparing the versions…</p>
      ) : comparison.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The versions could not be compared. Please try again.
        </p>
      ) : (
        <Comparison c={comparison.data} />
      )}
    </div>
  );
}

function Comparison({ c }: { c: VersionComparison }) {
  const changed = c.sections.filter((s) => s.status !== 'unchanged');
  const unchanged = c.sections.filter((s) => s.status === 'unchanged');
  return (
    <>
      <p className="text-sm text-slate-700">
        {changed.length === 0 && c.facts.length === 0
          ? 'The two versions say the same.'
          : `${plural(changed.length, 'section')} changed, ${plural(unchanged.length, 'section')} the same.`}{' '}
        Added words are <ins className={ADDED}>underlined in green</ins>, removed words <del className={REMOVED}>struck through in red</del>
        .
      </p>
      {c.facts.length > 0 && (
        <section aria-labelledby="compare-facts">
          <h4 id="compare-facts" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            What we understood
          </h4>
          <dl className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
            {c.facts.map((f) => (
              <div key={f.label} className="grid gap-1 px-3 py-2 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="font-medium text-slate-900">{f.label}</dt>
                <dd className="min-w-0 break-words text-slate-700">
                  {f.before && (
                    <del className={REMOVED}>
                      <span className="sr-only">Was: </span>
                      {f.before}
                    </del>
                  )}
                  {f.before && f.after && ' → '}
                  {f.after && (
                    <ins className={ADDED}>
                      <span className="sr-only">Now: </span>
                      {f.after}
                    </ins>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {changed.map((s) => (
        <section key={s.key} aria-labelledby={`compare-${s.key}`} className="rounded-xl p-3 ring-1 ring-slate-200">
          <h4 id={`compare-${s.key}`} className="font-semibold text-slate-900">
            {s.title}
            <span className="ml-2 text-xs font-medium text-slate-600">{STATUS[s.status]}</span>
          </h4>
          {s.changes.length > 0 && <ChangedText changes={s.changes} />}
        </section>
      ))}
      {unchanged.length > 0 && (
        <details className="rounded-xl px-3 py-2 text-sm ring-1 ring-slate-200">
          <summary className="cursor-pointer font-medium text-slate-800">The same in both ({unchanged.length})</summary>
          <ul className="mt-2 list-disc space-y-0.5 pl-5 text-slate-700">
            {unchanged.map((s) => (
              <li key={s.key}>{s.title}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

const ADDED = 'bg-emerald-50 text-emerald-900 underline decoration-emerald-500 decoration-2';
const REMOVED = 'bg-red-50 text-red-800 line-through decoration-red-500';
const STATUS = {
  changed: 'changed',
  added: 'new in the later version',
  removed: 'not in the later version',
  unchanged: 'the same',
} as const;

/**
 * A changed section's paragraphs: those with a change in full, each run of untouched ones folded
 * into one line, so a one-sentence rewrite is not lost in a page of the same text.
 */
function ChangedText({ changes }: { changes: TextChange[] }) {
  return (
    <div className="mt-2 space-y-3 break-words text-sm leading-relaxed text-slate-700">
      {foldUnchanged(paragraphs(changes)).map((p, i) =>
        typeof p === 'number' ? (
          <p key={i} className="text-xs italic text-slate-600">
            {plural(p, 'paragraph')} unchanged
          </p>
        ) : (
          <p key={i} className="whitespace-pre-line">
            {p.map((part, j) => (
              <Part key={j} part={part} />
            ))}
          </p>
        ),
      )}
    </div>
  );
}

/** The word runs split at paragraph breaks (a blank line), a run cut in two where a break falls inside it. */
function paragraphs(changes: TextChange[]): TextChange[][] {
  const out: TextChange[][] = [[]];
  for (const part of changes) {
    part.text.split('\n\n').forEach((text, i) => {
      if (i > 0) out.push([]);
      if (text) out.at(-1)!.push({ kind: part.kind, text });
    });
  }
  return out.filter((p) => p.length > 0);
}

function foldUnchanged(paras: TextChange[][]): Array<TextChange[] | number> {
  const out: Array<TextChange[] | number> = [];
  for (const p of paras) {
    if (p.some((part) => part.kind !== 'same')) out.push(p);
    else if (typeof out.at(-1) === 'number') out[out.length - 1] = (out.at(-1) as number) + 1;
    else out.push(1);
  }
  return out;
}

function Part({ part }: { part: TextChange }) {
  if (part.kind === 'added')
    return (
      <ins className={ADDED}>
        <span className="sr-only">[added] </span>
        {part.text}
      </ins>
    );
  if (part.kind === 'removed')
    return (
      <del className={REMOVED}>
        <span className="sr-only">[removed] </span>
        {part.text}
      </del>
    );
  return <>{part.text}</>;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
