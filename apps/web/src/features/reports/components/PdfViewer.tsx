import { getDocument, GlobalWorkerOptions, type PDFDocumentLoadingTask, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/Spinner.tsx';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Horizontal padding around the pages, in CSS pixels. */
const GUTTER = 16;
const MAX_PAGE_WIDTH = 1000;

/**
 * Renders a PDF with pdf.js, one canvas per page, each drawn when it scrolls near the view and
 * redrawn when the width changes (e.g. the fullscreen toggle). Loaded as its own chunk.
 */
export default function PdfViewer({ blob, onError }: { blob: Blob; onError: () => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [aspect, setAspect] = useState(297 / 210);
  const [width, setWidth] = useState(0);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  const reportError = useCallback(() => onErrorRef.current(), []);

  useEffect(() => {
    let cancelled = false;
    let loading: PDFDocumentLoadingTask | undefined;
    const task = (async () => {
      const data = new Uint8Array(await blob.arrayBuffer());
      if (cancelled) return;
      // pdf.js 6 has no eval left (PostScript functions compile to Wasm or run in JS), so no isEvalSupported option.
      loading = getDocument({ data });
      const pdf = await loading.promise;
      const first = await pdf.getPage(1);
      const vp = first.getViewport({ scale: 1 });
      if (cancelled) return;
      setAspect(vp.height / vp.width);
      setDoc(pdf);
    })();
    task.catch(() => {
      if (!cancelled) reportError();
    });
    return () => {
      cancelled = true;
      setDoc(undefined);
      // The loading task owns the document and its worker (pdf.js 6 removed PDFDocumentProxy.destroy).
      void task.finally(() => loading?.destroy());
    };
  }, [blob, reportError]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setWidth(Math.min(MAX_PAGE_WIDTH, Math.max(200, Math.floor(el.clientWidth - GUTTER * 2))));
    measure();
    const ro = new ResizeObserver(() => measure());
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  return (
    <div ref={scroller} className="h-full overflow-auto" data-testid="pdf-viewer" tabIndex={0} aria-label="Report pages">
      {!doc || !width ? (
        <div className="flex h-full min-h-48 items-center justify-center">
          <Spinner className="size-8 text-brand-700" label="Rendering preview" />
        </div>
      ) : (
        <div className="flex flex-col items-center gap-4 py-4" style={{ paddingInline: GUTTER }}>
          {Array.from({ length: doc.numPages }, (_, i) => (
            <PdfPage key={i} doc={doc} pageNumber={i + 1} width={width} aspect={aspect} root={scroller} onError={reportError} />
          ))}
        </div>
      )}
    </div>
  );
}

interface PdfPageProps {
  doc: PDFDocumentProxy;
  pageNumber: number;
  width: number;
  aspect: number;
  root: React.RefObject<HTMLDivElement | null>;
  onError: () => void;
}

function PdfPage({ doc, pageNumber, width, aspect, root, onError }: PdfPageProps) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(pageNumber <= 2);
  const [height, setHeight] = useState(Math.round(width * aspect));

  useEffect(() => {
    if (near) return;
    const el = box.current;
    if (!el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      root: root.current,
      rootMargin: '800px 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [near, root]);

  useEffect(() => {
    if (!near) return;
    let task: RenderTask | undefined;
    let cancelled = false;
    void (async () => {
      try {
        const page = await doc.getPage(pageNumber);
        if (cancelled) return;
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: width / base.width });
        const ratio = Math.min(window.devicePixelRatio || 1, 2);
        const c = canvas.current;
        if (!c) return;
        c.width = Math.floor(viewport.width * ratio);
        c.height = Math.floor(viewport.height * ratio);
        setHeight(Math.round(viewport.height));
        task = page.render({ canvas: c, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        await task.promise;
      } catch (err) {
        if (cancelled || (err as { name?: string }).name === 'RenderingCancelledException') return;
        onError();
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [near, doc, pageNumber, width, onError]);

  return (
    <div ref={box} className="overflow-hidden bg-white shadow-md ring-1 ring-slate-900/5" style={{ width, height }}>
      <canvas ref={canvas} style={{ width, height }} aria-label={`Page ${pageNumber} of ${doc.numPages}`} role="img" />
    </div>
  );
}
