import { z } from 'zod';
import { nameField, phoneField } from './fields.ts';

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_verified: z.boolean(),
  reports_generated: z.number().int(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  auth_provider: z.enum(['password', 'google']),
});
export type User = z.infer<typeof userSchema>;

export const updateMeRequest = z.object({ name: nameField, phone: phoneField });
export type UpdateMeRequest = z.infer<typeof updateMeRequest>;
