import { MSG } from '@assay/shared';
import { AppError } from '../../lib/errors.ts';
import { sanitizePostHtmlWithReport, type SanitizeReport } from './sanitize-post-html.ts';

/** Sanitised content; content that sanitises to nothing (only a script, say) counts as missing. */
export function cleanContent(html: string): SanitizeReport {
  const report = sanitizePostHtmlWithReport(html);
  const clean = report.html;
  if (!clean.replace(/<br\s*\/?>|&nbsp;|\s/gi, '')) {
    throw new AppError(422, MSG.postContentRequired, 'validation_error');
  }
  return report;
}
