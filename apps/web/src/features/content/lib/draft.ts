import { COMPLEXITIES, LIMITS, type Complexity, type GenerateReportForm } from '@assay/shared';

/**
 * A signed-out visitor's draft, kept for this browser tab only while they sign in (or buy
 * tokens), so the idea is back in the box when they return (docs/decisions/043-home-generate-flow.md).
 */
export const DRAFT_KEY = 'assay.home.draft';

/** The draft to open the home form with; Basic is preselected when there is none. */
export function readDraft(): GenerateReportForm {
  const fallback: GenerateReportForm = { complexity: 'basic', idea: '' };
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return fallback;
    const draft = JSON.parse(raw) as Partial<GenerateReportForm>;
    return {
      complexity: COMPLEXITIES.includes(draft.complexity as Complexity) ? (draft.complexity as Complexity) : 'basic',
      idea: typeof draft.idea === 'string' ? draft.idea.slice(0, LIMITS.ideaMax) : '',
    };
  } catch {
    return fallback;
  }
}

export function saveDraft(values: GenerateReportForm) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    /* storage full or blocked: the visitor retypes, nothing breaks */
  }
}

export function clearDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    /* ignore */
  }
}
