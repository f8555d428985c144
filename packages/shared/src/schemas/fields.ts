import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';

/** Field rules of SPEC section 5, shared by forms and the server. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An optional plus, then at least 10 digits, spaces, hyphens or parentheses. */
const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;

export const emailField = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(LIMITS.emailMax, MSG.emailInvalid)
  .regex(EMAIL_PATTERN, MSG.emailInvalid)
  .transform((v) => v.toLowerCase());

export const loginPasswordField = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(LIMITS.loginPasswordMin, MSG.passwordMin6)
  .max(LIMITS.passwordMax, MSG.passwordTooLong);

export const newPasswordField = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(LIMITS.passwordMin, MSG.passwordMin8)
  .max(LIMITS.passwordMax, MSG.passwordTooLong)
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, MSG.passwordComplexity);

export const nameField = z
  .string({ error: MSG.nameRequired })
  .trim()
  .min(1, MSG.nameRequired)
  .min(LIMITS.nameMin, MSG.nameMin)
  .max(LIMITS.nameMax, MSG.nameTooLong);

export const phoneField = z
  .string({ error: MSG.phoneRequired })
  .trim()
  .min(1, MSG.phoneRequired)
  .max(32, MSG.phoneInvalid)
  .regex(PHONE_PATTERN, MSG.phoneInvalid);

export const otpField = z
  .string({ error: MSG.otpRequired })
  .trim()
  .min(1, MSG.otpRequired)
  .regex(/^\d{6}$/, MSG.otpInvalid);
