import { renameReportRequest, REPORT_TITLE_MAX, type Report, type ReportList } from '@assay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { errorText } from '../../../lib/api.ts';
import { reportKeys } from '../api/keys.ts';
import { renameReport } from '../api/rename-report.ts';

/**
 * The report's title with a Rename button that edits it in place (PATCH /reports/{id}). The
 * renamed report is written into the cached list pages, so the list, the preview and the
 * download's file name follow at once. The outcome is said inline, not in a toast over the dialog.
 */
export function RenameTitle({ report }: { report: Pick<Report, 'id' | 'title'> }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(report.title);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  // Where focus goes once the render that opens or closes the editor is done.
  const [focus, setFocus] = useState<'input' | 'button'>();
  useEffect(() => {
    if (focus === 'input') {
      input.current?.focus();
      input.current?.select();
    }
    if (focus === 'button') renameButton.current?.focus();
    setFocus(undefined);
  }, [focus]);

  const rename = useMutation({
    mutationFn: (title: string) => renameReport(report.id, title),
    onSuccess: (renamed) => {
      queryClient.setQueriesData<ReportList>(
        { queryKey: reportKeys.lists },
        (old) => old && { ...old, reports: old.reports.map((r) => (r.id === renamed.id ? { ...r, title: renamed.title } : r)) },
      );
      setEditing(false);
      setDone(true);
      setFocus('button');
    },
    onError: (err) => setError(errorText(err)),
  });

  const open = () => {
    setValue(report.title);
    setError(undefined);
    setDone(false);
    setEditing(true);
    setFocus('input');
  };
  const cancel = () => {
    setEditing(false);
    setFocus('button');
  };
  const save = () => {
    const parsed = renameReportRequest.safeParse({ title: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (parsed.data.title === report.title) return cancel();
    setError(undefined);
    rename.mutate(parsed.data.title);
  };

  if (!editing) {
    return (
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <h3 className="min-w-0 text-xl font-semibold text-pretty break-words text-slate-900">{report.title}</h3>
        <button
          ref={renameButton}
          type="button"
          onClick={open}
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
            <path d="M13.6 3.3a1.8 1.8 0 0 1 2.6 2.6l-8.5 8.5-3.4.8.8-3.4 8.5-8.5Z" />
          </svg>
          Rename<span className="sr-only"> report</span>
        </button>
        <p role="status" className="basis-full text-xs text-emerald-700">
          {done && 'Renamed. The PDF downloads under the new title.'}
        </p>
      </div>
    );
  }
  return (
    <form
      noValidate
      aria-label="Rename report"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      onKeyDown={(e) => {
        // Escape leaves the editor, not the dialog.
        if (e.key === 'Escape') {
          e.preventDefault();
          cancel();
        }
      }}
      className="space-y-2"
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Report title
      </label>
      <input
        ref={input}
        id={id}
        type="text"
        value={value}
        maxLength={REPORT_TITLE_MAX}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className={cn(
          'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base font-semibold text-slate-900 shadow-sm',
          'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20',
          error ? 'border-red-400' : 'border-slate-300',
        )}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          The PDF downloads under this name.
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={rename.isPending}>
          Save title
        </Button>
        <Button variant="ghost" size="sm" onClick={cancel} disabled={rename.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
