import { formatDayTime, REPORT_MESSAGES } from '@assay/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/page-title.ts';
import { useParams } from 'react-router';
import { fetchShared, fetchSharedPdf } from '../api/share.ts';
import { inputClass } from '../components/EditableList.tsx';

const PdfViewer = lazy(() => import('../components/PdfViewer.tsx'));

/** Keeps search engines off the page while it is shown (the server's first answer says so too). */
function useNoIndex() {
  useEffect(() => {
    const tag = document.createElement('meta');
    tag.name = 'robots';
    tag.content = 'noindex, nofollow';
    document.head.appendChild(tag);
    return () => tag.remove();
  }, []);
}

/**
 * /r/{token}: a report shared with the reader (issue 27 §4), in the browser, without an account:
 * who it is for and which version, the passcode when one was set, then the PDF (watermarked with
 * the recipient). A revoked, expired or unknown link says so and nothing else.
 */
export default function SharedReportPage() {
  const { token = '' } = useParams();
  const id = useId();
  useNoIndex();
  const meta = useQuery({
    queryKey: ['shared', token],
    queryFn: ({ signal }) => fetchShared(token, signal),
    retry: false,
    meta: { silent: true },
  });
  useDocumentTitle(meta.data ? meta.data.title : 'Shared report');
  const [passcode, setPasscode] = useState('');
  const open = useMutation({ mutationFn: (code: string | undefined) => fetchSharedPdf(token, code), meta: { silent: true } });
  const needs = meta.data?.needs_passcode;
  const { mutate } = open;
  useEffect(() => {
    if (needs === false) mutate(undefined);
  }, [needs, mutate]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    open.mutate(passcode);
  };

  if (meta.isPending) {
    return (
      <div className="flex justify-center py-24" role="status">
        <Spinner /> <span className="sr-only">Opening the shared report</span>
      </div>
    );
  }
  if (meta.isError) {
    const gone = meta.error instanceof ApiError && meta.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="sr-only">Shared report</h1>
        <EmptyState
          title={gone ? 'This link does not open a report' : 'The report could not be opened'}
          hint={gone ? REPORT_MESSAGES.shareNotFound : 'Please check your connection and try again.'}
        />
      </div>
    );
  }
  const m = meta.data;
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-8 sm:px-6">
      <header>
        <p className="text-sm font-medium text-brand-700">Shared with {m.label}</p>
        <h1 className="mt-1 text-2xl font-bold text-pretty break-words text-slate-900">{m.title}</h1>
        <p className="mt-1 text-sm text-slate-600">
          Version {m.version} · read-only{m.expires_at ? ` · this link expires ${formatDayTime(m.expires_at)}` : ''}
        </p>
      </header>
      {needs && !open.data && (
        <form onSubmit={submit} noValidate className="max-w-sm space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
          <label htmlFor={`${id}-code`} className="block text-sm font-medium text-slate-800">
            Passcode
          </label>
          <input
            id={`${id}-code`}
            type="password"
            autoComplete="off"
            value={passcode}
            onChange={(e) => setPasscode(e.target.value)}
            className={inputClass(open.isError)}
            aria-invalid={open.isError ? true : undefined}
            aria-describedby={open.isError ? `${id}-err` : undefined}
            autoFocus
          />
          {open.isError && (
            <p id={`${id}-err`} role="alert" className="text-sm text-red-700">
              {errorText(open.error)}
            </p>
          )}
          <Button type="submit" loading={open.isPending}>
            Open report
          </Button>
        </form>
      )}
      {!needs && open.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(open.error)}
        </p>
      )}
      {open.isPending && !needs && (
        <div className="flex justify-center py-16" role="status">
          <Spinner /> <span className="sr-only">Loading the PDF</span>
        </div>
      )}
      {open.data && (
        <div
          className="h-[75vh] overflow-hidden rounded-2xl border border-slate-200 bg-slate-100"
          aria-label="The shared report"
          role="region"
        >
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner />
              </div>
            }
          >
            <PdfViewer blob={open.data} onError={() => undefined} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
