import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { CONTACT_REASONS } from '../contact-reasons.ts';
import { MSG } from '../messages.ts';
import { isOperatorSearchable } from '../operator-search.ts';
import { displayNameText, emailField, lineText, listCursor, multiLineText, pathParam, phoneField } from './fields.ts';

/** Contact forms (docs/product.md §2, §3, §5 and §7). */

// The reasons and their labels live in ../contact-reasons.ts, apart from the schemas, so the
// public pages that name them do not load zod.
export { CONTACT_REASON_LABELS, CONTACT_REASONS, type ContactReason } from '../contact-reasons.ts';

const required = (text: typeof lineText, message: string, max: number, tooLong: string) =>
  text(message).trim().min(1, message).max(max, tooLong);

const reasonField = z.enum(CONTACT_REASONS, { error: MSG.reasonRequired });

const contactFields = {
  name: required(displayNameText, MSG.nameRequired, LIMITS.nameMax, MSG.nameTooLong),
  // The phone rule of sign-up (docs/product.md §5): an optional '+', then at least 10 digits, spaces, hyphens or brackets.
  phone: phoneField,
  email: emailField,
  message: multiLineText(MSG.messageRequired)
    .trim()
    .min(1, MSG.messageRequired)
    .min(LIMITS.messageMin, MSG.messageTooShort)
    .max(LIMITS.messageMax, MSG.messageTooLong),
};

/** Which form a message came from: the contact page or the RTTP page's (docs/decisions/142). */
export const CONTACT_FORMS = ['contact', 'rttp'] as const;
export type ContactFormKind = (typeof CONTACT_FORMS)[number];

/**
 * POST /contact. Both forms send the reason they ask for; it stays optional for callers that
 * send none. When sent it must be one of the list.
 */
export const contactRequest = z.object({
  reason: reasonField.nullish().transform((v) => v ?? null),
  form: z.enum(CONTACT_FORMS).default('contact'),
  ...contactFields,
});
export type ContactRequest = z.input<typeof contactRequest>;

/** The forms as the visitor fills them: both ask for a reason (checked on submit). */
export const contactForm = z.object({ reason: reasonField, ...contactFields });
export type ContactForm = z.input<typeof contactForm>;

export const contactResponse = z.object({ message: z.string() });

export const contactSubmissionSchema = z.object({
  id: z.string(),
  reason: z.string().nullable(),
  /** The form it was sent from: 'contact' or 'rttp'. */
  form: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  message: z.string(),
  submitted_at: z.string(),
  /** When an operator marked it handled (null while open), and who. */
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
});
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

/** A calendar day (YYYY-MM-DD, UTC) or a full ISO timestamp with an offset. */
const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const realDay = (day: string) => {
  const t = Date.parse(`${day}T00:00:00Z`);
  return day >= '1000' && !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === day;
};
export const isDateBound = (v: string) => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return realDay(v);
  const m = ISO_TIMESTAMP.exec(v);
  return !!m && realDay(m[1]!) && !Number.isNaN(Date.parse(v));
};
/** A date filter's bound: a day (YYYY-MM-DD) or an ISO timestamp. */
export const dateBound = lineText().trim().refine(isDateBound, 'Use a date like 2025-07-18').optional();

/** An IANA time zone name this runtime knows ('Asia/Kolkata', 'UTC'). */
export const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return true;
  } catch {
    return false;
  }
};

/** The operator's IANA time zone, for reading YYYY-MM-DD bounds as their days. */
export const timeZoneField = lineText().trim().max(64).refine(isTimeZone, 'Unknown time zone').optional();

/**
 * GET /contact/submissions and GET /contact/export: `to` is inclusive (the whole day). Days are
 * the operator's: `tz` names their IANA time zone (UTC when absent), so a day runs from local
 * midnight to local midnight, as the list shows its times.
 */
export const contactSubmissionsQuery = z.object({
  q: lineText()
    .trim()
    .max(200)
    .refine((q) => !q || isOperatorSearchable(q), MSG.searchTooShort)
    .optional(),
  from: dateBound,
  to: dateBound,
  tz: timeZoneField,
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  cursor: listCursor,
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type ContactSubmissionsQuery = z.input<typeof contactSubmissionsQuery>;

/** GET /contact/export: the list's filters, without paging (the whole selection). */
export const contactExportQuery = contactSubmissionsQuery.omit({ page: true, cursor: true, limit: true });

/** POST /contact/submissions/:id/handled and DELETE /contact/submissions/:id. */
export const contactSubmissionParams = z.object({ id: pathParam(100) });
export const contactHandledBody = z.object({ handled: z.boolean() });
