import { z } from 'zod';
import { COMPLEXITIES, LIMITS, PAGE_SIZES, REPORT_COSTS, REPORT_STATUSES, type Complexity } from '../constants.ts';
import { MSG } from '../messages.ts';
import { hasBidiControls, lineText, multiLineText, pathParam } from './fields.ts';
import { inventionRecord } from './invention-record.ts';
import { isOperatorSearchable } from '../operator-search.ts';
import { dateBound, timeZoneField } from './contact.ts';
import { formatCount } from '../format.ts';

const ideaField = multiLineText(MSG.ideaRequired)
  .trim()
  .min(1, MSG.ideaRequired)
  .min(LIMITS.ideaMin, MSG.ideaMin)
  .max(LIMITS.ideaMax, `Please keep the description under ${formatCount(LIMITS.ideaMax)} characters`);

/**
 * The spec's body, `{ idea, complexity }`, plus the invention record the member confirmed ("What
 * we understood"). Without a record the worker reads one from the idea, as before; with one, the
 * report is built on it and titled with its name.
 */
export const generateReportRequest = z.object({
  idea: ideaField,
  complexity: z.enum(COMPLEXITIES, { error: MSG.complexityRequired }),
  record: inventionRecord.optional(),
});
export type GenerateReportRequest = z.input<typeof generateReportRequest>;

/** "What we understood": the idea alone, validated as generate validates it. Spends no tokens. */
export const understandIdeaRequest = z.object({ idea: ideaField });
export type UnderstandIdeaRequest = z.input<typeof understandIdeaRequest>;

/** Who read the idea (and will write the report): the offline analyst, or a model by provider and name. */
export const reportWriterIdentity = z.object({
  offline: z.boolean(),
  provider: z.string(),
  model: z.string(),
});
export type ReportWriterIdentity = z.infer<typeof reportWriterIdentity>;

export const understandIdeaResponse = z.object({
  record: inventionRecord,
  writer: reportWriterIdentity,
});
export type UnderstandIdeaResponse = z.infer<typeof understandIdeaResponse>;

export const REPORT_TITLE_MAX = 200;

/** A member's new title for a report (and so for its PDF's file name). */
export const renameReportRequest = z.object({
  title: lineText(MSG.reportTitleRequired)
    .trim()
    .min(1, MSG.reportTitleRequired)
    .max(REPORT_TITLE_MAX, MSG.reportTitleTooLong)
    .refine((v) => !hasBidiControls(v), MSG.textBidiControls),
});
export type RenameReportRequest = z.input<typeof renameReportRequest>;

/**
 * The dashboard's form: complexity starts empty, so 'required' is its own message. The enum
 * carries it too: a radio group left with none checked reads as null, and the form shows the
 * first branch's message.
 */
export const generateReportForm = z.object({
  idea: generateReportRequest.shape.idea,
  complexity: z.union([generateReportRequest.shape.complexity, z.literal('')]).refine((v) => v !== '', MSG.complexityRequired),
});
export type GenerateReportForm = z.input<typeof generateReportForm>;

/** What a report's run does (docs/decisions/220). */
export const RUN_KINDS = ['generate', 'retry', 'upgrade', 'correct', 'section'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

export const REPORT_STAGES = ['queued', 'outline', 'sections', 'pdf', 'done', 'failed'] as const;
export type ReportStage = (typeof REPORT_STAGES)[number];

export const reportProgress = z.object({
  stage: z.enum(REPORT_STAGES),
  sections_done: z.number().int(),
  sections_total: z.number().int(),
});
export type ReportProgress = z.infer<typeof reportProgress>;

/** docs/product.md §3 Report, plus live progress. */
export const reportView = z.object({
  id: z.string(),
  title: z.string(),
  idea: z.string(),
  complexity: z.enum(COMPLEXITIES),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  tokens_used: z.number().int(),
  pdf_url: z.string().nullable(),
  content_preview: z.string().nullable(),
  error_message: z.string().nullable(),
  /** True when the tokens held for a failed report went back to the member. */
  tokens_returned: z.boolean(),
  progress: reportProgress,
  /**
   * The invention record the report is built on: the one the member confirmed, or the one read
   * from the idea once the worker has read it; null until then.
   */
  record: inventionRecord.nullable(),
  /** True when the member confirmed (and perhaps edited) the record before generating. */
  record_confirmed: z.boolean(),
  /** The version shown (1 for the first; 0 while the first is being written). */
  version: z.number().int(),
  /** What the report's current (or last) run does: its first generation, a retry, an upgrade, … */
  run_kind: z.enum(RUN_KINDS),
  /** True when the member cancelled the last run. */
  cancelled: z.boolean(),
});
export type Report = z.infer<typeof reportView>;

/** Upgrading a report to a higher tier pays the difference and reuses its record and evidence. */
export const upgradeReportRequest = z.object({
  complexity: z.enum(COMPLEXITIES, { error: MSG.complexityRequired }),
});
export type UpgradeReportRequest = z.input<typeof upgradeReportRequest>;

export const VERSION_KINDS = [...RUN_KINDS, 'restore'] as const;

/** One immutable version of a report: what changed, its tier and title, and its PDF. */
export const reportVersionView = z.object({
  n: z.number().int(),
  kind: z.enum(VERSION_KINDS),
  change: z.string(),
  complexity: z.enum(COMPLEXITIES),
  title: z.string(),
  tokens: z.number().int(),
  created_at: z.string(),
  current: z.boolean(),
  download_url: z.string(),
});
export type ReportVersion = z.infer<typeof reportVersionView>;
export const reportVersionsResponse = z.object({ versions: z.array(reportVersionView) });
export type ReportVersions = z.infer<typeof reportVersionsResponse>;
/** A version number as text (a control character is named as such), then a whole number. */
const versionNumber = () =>
  lineText()
    .regex(/^\d{1,6}$/, 'A version is a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100_000));
export const reportVersionParams = z.object({ id: pathParam(100), n: versionNumber() });
/** Which version to compare with: the current one when left out. */
export const compareVersionsQuery = z.object({ with: versionNumber().optional() });

/** A run of words in a comparison: in both versions, only in the later one, or only in the earlier one. */
export const textChange = z.object({ kind: z.enum(['same', 'added', 'removed']), text: z.string() });
export type TextChange = z.infer<typeof textChange>;
export const SECTION_COMPARISONS = ['changed', 'unchanged', 'added', 'removed'] as const;
/**
 * Two versions side by side: what we understood (title, tier, each fact of the record) that differs,
 * and every section in reading order, the changed ones word by word.
 */
export const versionComparison = z.object({
  from: z.number().int(),
  to: z.number().int(),
  facts: z.array(z.object({ label: z.string(), before: z.string(), after: z.string() })),
  sections: z.array(z.object({ key: z.string(), title: z.string(), status: z.enum(SECTION_COMPARISONS), changes: z.array(textChange) })),
});
export type VersionComparison = z.infer<typeof versionComparison>;

export const REPORT_SORTS = ['newest', 'oldest', 'title'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/**
 * A page of the member's reports, searched on the server over all of them (issue 27): `q` in the
 * title, the idea and the invention record (3 letters or digits in a row, as every trigram search
 * here), a tier, and a date range (days, `to` inclusive, in `tz`, UTC without it).
 */
export const reportListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZES.reports),
    status: z.enum(REPORT_STATUSES).optional(),
    q: lineText()
      .trim()
      .max(200)
      .refine((q) => !q || isOperatorSearchable(q), MSG.searchTooShort)
      .optional(),
    sort: z.enum(REPORT_SORTS).default('newest'),
    complexity: z.enum(COMPLEXITIES).optional(),
    from: dateBound,
    to: dateBound,
    tz: timeZoneField,
  })
  .refine((v) => !v.from || !v.to || v.from.slice(0, 10) <= v.to.slice(0, 10), {
    message: 'The start date must be before the end date',
    path: ['from'],
  });
export type ReportListQuery = z.input<typeof reportListQuery>;

export const reportListResponse = z.object({
  reports: z.array(reportView),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type ReportList = z.infer<typeof reportListResponse>;

export const reportIdParams = z.object({ id: pathParam(100) });

export const REPORT_MESSAGES = {
  failedDefault: 'An error occurred during report generation. Please try again.',
  generateFailed: 'Failed to generate report',
  loadFailed: 'Failed to load reports',
  idMissing: 'Report ID not available',
  previewFailed: 'Failed to load PDF preview',
  downloadFailed: 'Failed to download report',
  notFound: 'Report not found',
  notReady: 'This report is not ready yet',
  signInDashboard: 'Please log in to generate reports',
  signInHome: 'Please sign in to generate reports',
  cancelled: 'You cancelled this report. Its tokens were returned.',
  notFailed: 'Only a report that failed or was cancelled can be tried again',
  notRunning: 'This report is not being written any more',
  stillRunning: 'This report is still being written: cancel it first',
  notCompleted: 'Only a completed report can be changed',
  notHigherTier: 'Choose a tier above the report’s own',
  versionNotFound: 'Version not found',
  sectionNotFound: 'This report has no such section',
  recordUnchanged: 'Nothing in the record was changed',
  shareNotFound: 'This link does not exist, was revoked or has expired',
  sharePasscodeWrong: 'That passcode is not right',
  sharePasscodeRequired: 'Enter the passcode you were given',
  sharesBusy: 'We are preparing many shared copies right now. Please try again in a minute.',
  runFailedKept: 'The change could not be made. Its tokens were returned; the report is as it was.',
  runCancelledKept: 'You cancelled the change. Its tokens were returned; the report is as it was.',
} as const;

/** What changing a completed report costs, unless the operator sets otherwise (REPORT_CORRECTION_PERCENT, SECTION_REWRITE_TOKENS). */
export const DEFAULT_CHANGE_PRICES = { correctionPercent: 20, sectionTokens: 150 } as const;

/** A corrected record rewrites the whole report at a share of its tier's price (at least 1 token). */
export function correctionPrice(tier: Complexity, percent: number): number {
  return Math.max(1, Math.round((REPORT_COSTS[tier] * percent) / 100));
}

/** "Correct what we understood": the record as the member corrected it. */
export const correctReportRequest = z.object({ record: inventionRecord });
export type CorrectReportRequest = z.input<typeof correctReportRequest>;

export const SECTION_NOTE_MAX = 1000;
/** "This section is wrong…": what is wrong, in the member's words. */
export const regenerateSectionRequest = z.object({
  note: multiLineText(MSG.sectionNoteRequired)
    .trim()
    .min(1, MSG.sectionNoteRequired)
    .max(SECTION_NOTE_MAX, `Please keep the note under ${formatCount(SECTION_NOTE_MAX)} characters`)
    .refine((v) => !hasBidiControls(v), MSG.textBidiControls),
});
export type RegenerateSectionRequest = z.input<typeof regenerateSectionRequest>;
export const reportSectionParams = z.object({ id: pathParam(100), section: pathParam(60) });

/** What a section note starts: the report, the sections being rewritten, and the shared figures it changed. */
export const regenerateSectionResponse = z.object({
  report: reportView,
  sections: z.array(z.object({ key: z.string(), title: z.string() })),
  figures: z.array(z.object({ figure: z.string(), from: z.string().nullable(), to: z.string() })),
  tokens: z.number().int(),
});
export type RegenerateSectionResponse = z.infer<typeof regenerateSectionResponse>;

export const SHARE_PASSCODE_MIN = 6;
/**
 * A share link for one version of the report: who it is for (printed on every page of the copy
 * they see), when it stops working (optional, in the future), and a passcode (optional).
 */
export const createShareLinkRequest = z.object({
  label: lineText(MSG.shareLabelRequired)
    .trim()
    .min(1, MSG.shareLabelRequired)
    .max(120, 'Please keep the recipient under 120 characters')
    .refine((v) => !hasBidiControls(v), MSG.textBidiControls),
  expires_at: lineText()
    .max(40, 'Use a date and time like 2026-12-31T18:00:00Z')
    .pipe(z.iso.datetime({ offset: true, error: 'Use a date and time like 2026-12-31T18:00:00Z' }))
    .refine((v) => Date.parse(v) > Date.now(), 'The expiry must be in the future')
    .optional(),
  passcode: lineText().min(SHARE_PASSCODE_MIN, `Use a passcode of at least ${SHARE_PASSCODE_MIN} characters`).max(200).optional(),
  /** The version shared; the report's current version when absent. */
  version: z.number().int().min(1).optional(),
});
export type CreateShareLinkRequest = z.input<typeof createShareLinkRequest>;
export const createShareLinkResponse = z.object({ id: z.string(), url: z.string() });

export const shareLinkView = z.object({
  id: z.string(),
  label: z.string(),
  version: z.number().int(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  has_passcode: z.boolean(),
  views: z.number().int(),
  last_viewed_at: z.string().nullable(),
  /** active, or why it no longer opens. */
  state: z.enum(['active', 'revoked', 'expired']),
});
export type ShareLink = z.infer<typeof shareLinkView>;
export const shareLinksResponse = z.object({ links: z.array(shareLinkView) });
export const shareLinkParams = z.object({ id: pathParam(100), link_id: pathParam(100) });

/** What the viewer at /r/{token} is told before opening the PDF. */
export const sharedReportView = z.object({
  title: z.string(),
  label: z.string(),
  version: z.number().int(),
  needs_passcode: z.boolean(),
  expires_at: z.string().nullable(),
});
export type SharedReport = z.infer<typeof sharedReportView>;
export const shareTokenParams = z.object({ token: pathParam(100) });
export const sharedPdfRequest = z.object({ passcode: lineText().max(200).optional() });

/** What upgrading a report costs: the difference between the tiers (never negative). */
export function upgradePrice(from: Complexity, to: Complexity): number {
  return Math.max(0, REPORT_COSTS[to] - REPORT_COSTS[from]);
}
