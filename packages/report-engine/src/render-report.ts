import type { RenderReportInput } from './pdf/render-report-pdf.ts';

export type { RenderReportInput };

/**
 * A stored report rendered again (a shared copy with its recipient's watermark, issue 27): the
 * PDF code loads on first use, as in generateReport (decision 124).
 */
export async function renderReport(input: RenderReportInput) {
  const { renderReportPdf } = await import('./pdf/render-report-pdf.ts');
  return renderReportPdf(input);
}
