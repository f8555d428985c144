import { regenerateSectionRequest, SECTION_NOTE_MAX, sectionsFor, type Report, type ReportSectionDef } from '@assay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { errorText } from '../../../../lib/api.ts';
import { useSiteConfig } from '../../../../lib/site.ts';
import { tokenKeys, useTokenBalance } from '../../../billing/index.ts';
import { regenerateSection } from '../../api/report-actions.ts';
import { reportKeys } from '../../api/keys.ts';
import { inputClass } from '../EditableList.tsx';
import { PaidActionConfirm } from './PaidActionConfirm.tsx';

/**
 * The report's sections, each with "This section is wrong…": the member says what is wrong, sees
 * the price and the balance after, and confirms; that section is rewritten with the note (and any
 * other section that states a figure the note changes), as a new version. The answer says which.
 */
export function ReportSectionsList({ report }: { report: Report }) {
  const [open, setOpen] = useState<ReportSectionDef>();
  const [done, setDone] = useState<string>();
  const editable = report.status === 'completed';
  return (
    <section aria-labelledby="report-sections">
      <h4 id="report-sections" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Sections
      </h4>
      {done && (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          {done}
        </p>
      )}
      <ol className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {sectionsFor(report.complexity).map((s, i) => (
          <li key={s.key} className="px-3 py-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm text-slate-800">
                {i + 1}. {s.title}
              </span>
              {editable && open?.key !== s.key && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    setDone(undefined);
                    setOpen(s);
                  }}
                >
                  This section is wrong…<span className="sr-only"> ({s.title})</span>
                </Button>
              )}
            </div>
            {open?.key === s.key && (
              <SectionNote
                report={report}
                section={s}
                onBack={() => setOpen(undefined)}
                onDone={(message) => {
                  setOpen(undefined);
                  setDone(message);
                }}
              />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function SectionNote({
  report,
  section,
  onBack,
  onDone,
}: {
  report: Report;
  section: ReportSectionDef;
  onBack: () => void;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const price = useSiteConfig().report_changes.section_tokens;
  const balance = useTokenBalance().data?.available_tokens;
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const rewrite = useMutation({
    mutationFn: (text: string) => regenerateSection(report.id, section.key, text),
    onSuccess: (r) => {
      queryClient.setQueryData(reportKeys.one(report.id), r.report);
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      void queryClient.invalidateQueries({ queryKey: tokenKeys.balance });
      const others = r.sections.filter((s) => s.key !== section.key).map((s) => `“${s.title}”`);
      const moved = r.figures.map((f) => `the ${f.figure} changes from ${f.from ?? 'not stated'} to ${f.to}`).join(' and ');
      onDone(
        `Rewriting “${section.title}” with your note.` +
          (moved
            ? ` ${moved.charAt(0).toUpperCase()}${moved.slice(1)}${others.length ? `, so ${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} rewritten too` : ''} — charged once.`
            : ''),
      );
    },
  });
  const confirm = () => {
    const parsed = regenerateSectionRequest.safeParse({ note });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message);
    setInvalid(undefined);
    rewrite.mutate(parsed.data.note);
  };
  return (
    <div className="mt-2 space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        What is wrong in “{section.title}”?
      </label>
      <textarea
        id={id}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        rows={3}
        maxLength={SECTION_NOTE_MAX}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={inputClass(Boolean(invalid))}
        placeholder="e.g. Our first sales will be in 2031, after certification."
        autoFocus
      />
      {invalid && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {invalid}
        </p>
      )}
      <PaidActionConfirm
        title={`Rewrite “${section.title}”`}
        price={price}
        balance={balance}
        confirmLabel="Confirm and rewrite section"
        pending={rewrite.isPending}
        error={rewrite.error ? errorText(rewrite.error) : undefined}
        onConfirm={confirm}
        onBack={onBack}
        focusOnOpen={false}
      >
        Only this section is written again, with your note. A year or price your note changes is updated in every section that states it,
        for the same price.
      </PaidActionConfirm>
    </div>
  );
}
