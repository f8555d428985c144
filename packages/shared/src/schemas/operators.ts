import { z } from 'zod';
import { MSG } from '../messages.ts';
import { lineText } from './fields.ts';

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

export const auditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  action: lineText().trim().max(100).optional(),
});

export const auditLogResponse = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
