import { MSG, type ContactFormKind, type ContactReason } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';

export interface ContactInput {
  reason: ContactReason | null;
  form: ContactFormKind;
  name: string;
  phone: string;
  email: string;
  message: string;
}

/** Stores a contact message. Each client address may send CONTACT_RATE_LIMIT per window. */
export async function submitContact(deps: Pick<Deps, 'db' | 'config'>, input: ContactInput, ip: string) {
  const { db, config } = deps;
  try {
    await hitRateLimit(db, `contact:ip:${ip}`, config.CONTACT_RATE_LIMIT, config.CONTACT_RATE_LIMIT_WINDOW_SECONDS);
  } catch (err) {
    if (err instanceof AppError && err.status === 429) {
      throw new AppError(429, MSG.contactTooMany, 'rate_limited', err.headers);
    }
    throw err;
  }
  await db.query('INSERT INTO contact_submissions (reason, form, name, phone, email, message) VALUES ($1, $2, $3, $4, $5, $6)', [
    input.reason,
    input.form,
    input.name,
    input.phone,
    input.email,
    input.message,
  ]);
  return { message: MSG.contactThanks };
}
