import { sectionsFor, type Complexity, type ReviewCommentView, type ReviewRequestView } from '@assay/shared';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../../components/ui/Button.tsx';
import { errorText } from '../../../../lib/api.ts';
import { saveBlob } from '../../../../lib/download.ts';
import { fetchReviewedPdf } from '../../api/reviews.ts';
import { pdfFileName } from '../../lib/format.ts';

/**
 * The expert's comments on the report's sections (decision 233), grouped by section in the order
 * the report has them, each section named with its number as in the PDF.
 */
export function ReviewSectionComments({
  comments,
  complexity,
}: {
  comments: readonly ReviewCommentView[] | undefined;
  complexity: Complexity;
}) {
  if (!comments?.length) return null;
  const sections = sectionsFor(complexity);
  const groups = sections
    .map((s, i) => ({ s, n: i + 1, items: comments.filter((c) => c.section === s.key) }))
    .filter((g) => g.items.length);
  return (
    <section className="mt-3" data-testid="review-section-comments" aria-label="Comments on sections">
      <p className="font-medium text-slate-900">Comments on sections</p>
      <dl className="mt-1 space-y-2">
        {groups.map(({ s, n, items }) => (
          <div key={s.key} className="rounded-lg bg-white/70 px-3 py-2 ring-1 ring-emerald-100">
            <dt className="font-medium text-slate-800">
              {n}. {s.title}
            </dt>
            {items.map((c, i) => (
              <dd key={i} className="mt-1 whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">
                {c.text}
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Downloads the reviewed PDF: the report with the review in its own signed section (decision 233). */
export function ReviewedPdfDownload({ request }: { request: ReviewRequestView }) {
  const download = useMutation({
    mutationFn: () => fetchReviewedPdf(request.id),
    onSuccess: (blob) => saveBlob(blob, pdfFileName(`${request.report_title} — expert review`)),
  });
  return (
    <div className="mt-3">
      <Button variant="outline" size="sm" loading={download.isPending} onClick={() => download.mutate()}>
        Download the reviewed PDF
      </Button>
      <p className="mt-1 text-xs text-slate-700">The report with this review as its own section, signed by the expert.</p>
      {download.isError && (
        <p role="alert" className="mt-1 text-red-700">
          {errorText(download.error)}
        </p>
      )}
    </div>
  );
}
