import { REPORT_MESSAGES, type Report } from '@assay/shared';
import { Component, lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { ToastLane } from '../../../components/ui/Modal.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { fetchReportPdf } from '../api/download-report.ts';
import { fetchVersionPdf } from '../api/report-actions.ts';
import { saveBlob } from '../../../lib/download.ts';
import { pdfFileName } from '../lib/format.ts';
import { useFocusReturn } from '../../../lib/use-focus-return.ts';

/** pdf.js is large: it loads only when a preview is opened. */
const PdfViewer = lazy(() => import('./PdfViewer.tsx'));

export interface PdfPreviewDialogProps {
  report: Report | undefined;
  /** An earlier version of the report to show instead of its current PDF (issue 27). */
  version?: number | undefined;
  onClose: () => void;
  onDownload: (report: Report) => void;
  downloading: boolean;
}

type Load = { state: 'loading' } | { state: 'ready'; blob: Blob } | { state: 'error' };

/**
 * The PDF preview (docs/product.md §2): the report rendered in the page with pdf.js, with a
 * fullscreen toggle and a download button. Its own native <dialog>, so fullscreen can take the
 * whole viewport.
 */
export function PdfPreviewDialog({ report, version, onClose, onDownload, downloading }: PdfPreviewDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [fullscreen, setFullscreen] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const id = report?.id;
  const open = Boolean(report);
  useFocusReturn(open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    setFullscreen(false);
    setLoad({ state: 'loading' });
    if (!id) {
      toast.error(REPORT_MESSAGES.idMissing);
      setLoad({ state: 'error' });
      return;
    }
    const ac = new AbortController();
    (version ? fetchVersionPdf(id, version, ac.signal) : fetchReportPdf(id, ac.signal)).then(
      (blob) => setLoad({ state: 'ready', blob }),
      () => {
        if (ac.signal.aborted) return;
        toast.error(REPORT_MESSAGES.previewFailed);
        setLoad({ state: 'error' });
      },
    );
    return () => ac.abort();
  }, [open, id, version]);

  if (!report) return null;
  const failed = () => {
    toast.error(REPORT_MESSAGES.previewFailed);
    setLoad({ state: 'error' });
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className={cn(
        'bg-white p-0 shadow-2xl backdrop:bg-slate-900/60',
        fullscreen
          ? 'm-0 h-dvh max-h-none w-screen max-w-none rounded-none'
          : 'm-auto h-[92dvh] max-h-[92dvh] w-[calc(100%-1rem)] max-w-5xl rounded-2xl sm:w-[calc(100%-2rem)]',
      )}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2.5 sm:gap-3 sm:px-5 sm:py-3">
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium text-slate-500">PDF preview</p>
            <h2 id={titleId} className="truncate text-sm font-semibold text-slate-900 sm:text-base">
              {report.title}
              {version ? ` — version ${version}` : ''}
            </h2>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setFullscreen((f) => !f)}
            aria-pressed={fullscreen}
            aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
            title={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
          >
            <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              {fullscreen ? (
                <path d="M8 3v5H3M12 3v5h5M8 17v-5H3M12 17v-5h5" strokeLinecap="round" strokeLinejoin="round" />
              ) : (
                <path d="M3 8V3h5M17 8V3h-5M3 12v5h5M17 12v5h-5" strokeLinecap="round" strokeLinejoin="round" />
              )}
            </svg>
            <span className="hidden sm:inline">{fullscreen ? 'Exit fullscreen' : 'Fullscreen'}</span>
          </Button>
          <Button
            size="sm"
            // A version's PDF is the one on screen: saved as it is, under its version's name.
            onClick={() =>
              version && load.state === 'ready'
                ? saveBlob(load.blob, pdfFileName(`${report.title} (version ${version})`))
                : onDownload(report)
            }
            loading={downloading}
            aria-label="Download PDF"
          >
            <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M10 3v10M6 9l4 4 4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="hidden sm:inline">Download</span>
          </Button>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            aria-label="Close preview"
          >
            <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </button>
        </div>
        <ToastLane />
        <div className="min-h-0 flex-1 bg-slate-100">
          {load.state === 'loading' && (
            <Centered>
              <Spinner className="size-8 text-brand-700" label="Loading preview" />
            </Centered>
          )}
          {load.state === 'error' && (
            <Centered>
              <p role="alert" className="text-sm font-medium text-red-700">
                {REPORT_MESSAGES.previewFailed}
              </p>
            </Centered>
          )}
          {load.state === 'ready' && (
            <ViewerBoundary onError={failed}>
              <Suspense
                fallback={
                  <Centered>
                    <Spinner className="size-8 text-brand-700" label="Loading preview" />
                  </Centered>
                }
              >
                <PdfViewer blob={load.blob} onError={failed} />
              </Suspense>
            </ViewerBoundary>
          )}
        </div>
      </div>
    </dialog>
  );
}

/** A failed chunk load (or a crash in pdf.js) becomes the preview's error, not the page's. */
class ViewerBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex h-full min-h-48 items-center justify-center p-6 text-center">{children}</div>;
}
