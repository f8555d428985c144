import { z } from 'zod';
import { OPERATOR_PASSWORD_MIN_LENGTH } from '../constants.ts';
import { MSG } from '../messages.ts';
import { dateBound, timeZoneField } from './contact.ts';
import { displayNameText, lineText, listCursor, pathParam } from './fields.ts';

/** Operator sign-in (docs/product.md §3 and §6): username and password sent as basic authorization. */

export const adminLoginForm = z.object({
  username: lineText('Username is required').trim().min(1, 'Username is required').max(100),
  password: lineText(MSG.passwordRequired).min(1, MSG.passwordRequired).max(200),
});
export type AdminLoginForm = z.input<typeof adminLoginForm>;

/** The Authorization header value for an operator's credentials. */
export function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

export const adminLoginResponse = z.object({
  username: z.string(),
  /** Decision 191: 'required' asks for a code from the app, 'enrol' for adding one (ADMIN_REQUIRE_2FA). */
  second_factor: z.enum(['ok', 'required', 'enrol']),
  /** With 'required': the factors this operator has (decision 228), so the panel offers the passkey. */
  methods: z.array(z.enum(['totp', 'passkey'])).optional(),
});
export const adminSecondFactorRequest = z.object({
  otp: lineText(MSG.otpRequired)
    .trim()
    .regex(/^\d{6}$/, MSG.otpInvalid),
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponse>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  operator_username: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * GET /admin/audit-log: newest first, a page at a time after `cursor` (X-Next-Cursor). Filters:
 * the operator (username, any case; 'system' for what the server did itself), the action, and
 * days from/to (inclusive) in the operator's time zone `tz`, as the contact list reads them.
 */
export const auditLogQuery = z.object({
  operator: lineText().trim().max(100).optional(),
  action: lineText().trim().max(100).optional(),
  from: dateBound,
  to: dateBound,
  tz: timeZoneField,
  cursor: listCursor,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditLogResponse = z.object({ entries: z.array(auditEntrySchema) });
export type AuditLogResponse = z.infer<typeof auditLogResponse>;

/* Named operator accounts (decision 190): each with its own password, created from the panel. */
const operatorPassword = () =>
  lineText(MSG.passwordRequired)
    .min(OPERATOR_PASSWORD_MIN_LENGTH, `An operator password has at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'A password has at most 200 characters');
/**
 * The name readers see on the posts an operator writes (decision 208). Never the username: that is
 * half of the operator's credentials, and a published username is one a stranger can aim at.
 */
const operatorPublicName = () =>
  displayNameText('Enter a public name')
    .trim()
    .min(2, 'A public name has at least 2 characters')
    .max(80, 'A public name has at most 80 characters');
export const operatorCreateRequest = z.object({
  username: lineText('Username is required')
    .trim()
    .min(3, 'A username has at least 3 characters')
    .max(50, 'A username has at most 50 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dots, dashes and underscores only'),
  password: operatorPassword(),
  display_name: operatorPublicName().optional(),
});
export type OperatorCreateRequest = z.input<typeof operatorCreateRequest>;

/** Another operator's public name or password, set by an operator (audited; a new password ends their sign-ins at once). */
export const operatorUpdateRequest = z
  .object({ display_name: operatorPublicName().optional(), password: operatorPassword().optional() })
  .refine((v) => v.display_name !== undefined || v.password !== undefined, { message: 'Give a public name or a new password' });
export type OperatorUpdateRequest = z.input<typeof operatorUpdateRequest>;
export const operatorIdParams = z.object({ id: pathParam(100) });

export const operatorSummary = z.object({
  id: z.string(),
  username: z.string(),
  /** Shown on the posts they write; null until set (an operator without one cannot be named as an author). */
  display_name: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type OperatorSummary = z.infer<typeof operatorSummary>;
export const operatorListResponse = z.object({ operators: z.array(operatorSummary) });
