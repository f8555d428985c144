import { z } from 'zod';
import { MSG } from '../messages.ts';
import { dateBound, timeZoneField } from './contact.ts';
import { lineText, listCursor } from './fields.ts';

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

export const adminLoginResponse = z.object({ username: z.string() });
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

