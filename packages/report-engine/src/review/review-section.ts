/**
 * One section through the review: checked against the plan and the evidence; when flagged, a
 * model writer is asked once more with the findings, and whatever a rule can still correct is
 * corrected (the offline analyst is corrected by rule only). Runs inside the section's own span,
 * so sections are reviewed (and rewritten) in parallel, never one after another at the end.
 */
import type { SectionContent, TokenUsage } from '../content/report-content.ts';
import { addUsage } from '../content/report-content.ts';
import { checkSection, fixByRule, type Finding, type ReviewContext, type ReviewFinding } from './review.ts';

export interface ReviewedSection {
  content: SectionContent;
  findings: ReviewFinding[];
  usage: TokenUsage;
}

const same = (a: Finding, b: Finding) => a.kind === b.kind && a.detail === b.detail;

export async function reviewSection(
  draft: SectionContent,
  ctx: ReviewContext,
  /** Writes the section again with the findings (a model writer); null for the offline analyst. */
  rewrite: ((findings: readonly string[]) => Promise<{ content: SectionContent; usage: TokenUsage }>) | null,
  usage: TokenUsage,
): Promise<ReviewedSection> {
  const first = checkSection(draft, ctx);
  if (first.length === 0) return { content: draft, findings: [], usage };
  let current = draft;
  let total = usage;
  let rewritten = false;
  // A model is asked again only for what needs judgement; exact corrections are made by rule.
  if (rewrite && first.some((f) => f.fix === 'rewrite')) {
    try {
      const again = await rewrite(first.filter((f) => f.fix === 'rewrite').map((f) => `${f.kind}: ${f.detail}`));
      current = again.content;
      total = addUsage(total, again.usage);
      rewritten = true;
    } catch (error) {
      // A failed rewrite keeps the draft (corrected by rule below); an abort still stops the report.
      if ((error as Error)?.name === 'AbortError') throw error;
    }
  }
  const afterRewrite = rewritten ? checkSection(current, ctx) : first;
  const fixed = afterRewrite.length > 0 ? fixByRule(current, afterRewrite, ctx) : current;
  const remaining = afterRewrite.length > 0 ? checkSection(fixed, ctx) : [];
  const findings: ReviewFinding[] = first.map((f) => ({
    ...f,
    resolution: remaining.some((r) => same(r, f))
      ? 'open'
      : rewritten && !afterRewrite.some((r) => same(r, f))
        ? 'rewritten'
        : 'fixed-by-rule',
  }));
  // Findings the rewrite introduced are recorded too.
  for (const f of afterRewrite) {
    if (!first.some((x) => same(x, f))) findings.push({ ...f, resolution: remaining.some((r) => same(r, f)) ? 'open' : 'fixed-by-rule' });
  }
  return { content: fixed, findings, usage: total };
}
