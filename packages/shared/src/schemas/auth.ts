import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { emailField, lineText, loginPasswordField, nameField, newPasswordField, otpField, pathParam, phoneField } from './fields.ts';
import { passkeyAuthenticationResponse } from './webauthn-responses.ts';
import { userSchema } from './users.ts';

/** POST /auth/login is form-encoded: username is the email (docs/product.md §7). */
export const loginRequest = z.object({
  username: emailField,
  password: loginPasswordField,
  /** Extension: ticked keeps the refresh cookie for 7 days, unticked ends with the browser. */
  remember: z
    .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === 'on' || v === '1'),
});
export type LoginRequest = z.input<typeof loginRequest>;

/** The sign-in form as the user fills it (email rather than username). */
export const loginForm = z.object({
  email: emailField,
  password: loginPasswordField,
  remember: z.boolean(),
});
export type LoginForm = z.input<typeof loginForm>;

export const signupRequest = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
});
export type SignupRequest = z.input<typeof signupRequest>;

export const signupForm = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField,
    password: newPasswordField,
    confirm_password: lineText().min(1, MSG.confirmRequired),
    agree: z.boolean().refine((v) => v, MSG.termsRequired),
  })
  .refine((f) => f.password === f.confirm_password, {
    message: MSG.passwordsMismatch,
    path: ['confirm_password'],
  });
export type SignupForm = z.input<typeof signupForm>;

/** Extension (decision 160): the key from the code mail's link, which proves the mailbox. */
const codeLinkKey = lineText()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, MSG.otpLinkInvalid)
  .optional();

export const verifyOtpRequest = z.object({
  email: emailField,
  otp: otpField,
  /** Extension: the password typed at sign-up, which wins if others signed up with this email too. */
  password: lineText().max(LIMITS.passwordMax, MSG.passwordTooLong).optional(),
  key: codeLinkKey,
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequest>;

export const emailOnlyRequest = z.object({ email: emailField });
export type EmailOnlyRequest = z.input<typeof emailOnlyRequest>;

export const resetPasswordRequest = z.object({
  email: emailField,
  otp: otpField,
  new_password: newPasswordField,
  key: codeLinkKey,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

export const resetPasswordForm = z
  .object({
    otp: otpField,
    new_password: newPasswordField,
    confirm_password: lineText().min(1, MSG.confirmRequired),
  })
  .refine((f) => f.new_password === f.confirm_password, {
    message: MSG.passwordsMismatch,
    path: ['confirm_password'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;

export const googleLoginRequest = z.object({
  credential: lineText().min(1, MSG.googleInvalidToken).max(8192),
  remember: z.boolean().optional(),
});

export const completeProfileRequest = z.object({
  user_id: lineText().min(1, MSG.userInfoMissing),
  phone: phoneField,
  /** Proof that the caller is the one Google just signed in (docs/decisions/002-auth-and-sessions.md). */
  profile_token: lineText().min(1, MSG.profileTokenInvalid),
});
export type CompleteProfileRequest = z.input<typeof completeProfileRequest>;

export const completeProfileForm = z.object({ phone: phoneField });

export const refreshRequest = z.object({ refresh_token: lineText().min(1).optional() }).default({});

export const changePasswordRequest = z.object({
  current_password: lineText().min(1, MSG.currentPasswordRequired),
  new_password: lineText().min(1, MSG.newPasswordRequired).pipe(newPasswordField),
});

export const changePasswordForm = z
  .object({
    current_password: lineText().min(1, MSG.currentPasswordRequired),
    new_password: lineText().min(1, MSG.newPasswordRequired).pipe(newPasswordField),
    confirm_password: lineText().min(1, MSG.confirmRequired),
  })
  .refine((f) => f.new_password === f.confirm_password, {
    message: MSG.passwordsMismatch,
    path: ['confirm_password'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

export const sessionResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  user: userSchema,
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const refreshResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});

export const profileIncompleteResponse = z.object({
  profile_incomplete: z.literal(true),
  user: userSchema,
  message: z.string(),
  profile_token: z.string(),
});
export type ProfileIncompleteResponse = z.infer<typeof profileIncompleteResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** The account waits for its emailed code; `email` is the address it went to. */
export const signupResponse = messageResponse.extend({ email: z.string() });

/** The mailbox is verified; password_reset_required: no password was proved, one is set with the mailed reset code. */
export const verifyOtpResponse = messageResponse.extend({ password_reset_required: z.literal(true).optional() });
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponse>;

export const authConfigResponse = z.object({ google_client_id: z.string().nullable() });

/*
 * Second factor (decision 190). A right password for an account with an authenticator answers a
 * challenge instead of a session; the challenge and a code from the app (or a recovery code)
 * then open the session.
 */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery_code', 'passkey'] as const;

export const secondFactorChallengeResponse = z.object({
  second_factor_required: z.literal(true),
  /** Opaque, single sign-in, a few minutes: sent back with the code. */
  challenge: z.string(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeResponse>;

export const loginResponse = z.union([sessionResponse, secondFactorChallengeResponse]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** Six digits from the app, or a recovery code (xxxx-xxxx-xxxx; spaces, dashes and case do not matter). */
export const secondFactorCode = lineText(MSG.secondFactorCodeRequired)
  .trim()
  .min(1, MSG.secondFactorCodeRequired)
  .max(40, MSG.secondFactorCodeInvalid)
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .refine((v) => /^(\d{6}|[a-z0-9]{12})$/.test(v), MSG.secondFactorCodeInvalid);

export const secondFactorRequest = z.object({
  challenge: lineText().regex(/^[A-Za-z0-9_-]{16,64}$/, MSG.secondFactorExpired),
  code: secondFactorCode,
});
export type SecondFactorRequest = z.input<typeof secondFactorRequest>;

export const secondFactorForm = z.object({ code: secondFactorCode });
export type SecondFactorForm = z.input<typeof secondFactorForm>;

/** Re-entering the password before a security change. */
export const passwordConfirmRequest = z.object({
  password: lineText().min(1, MSG.currentPasswordRequired).max(LIMITS.passwordMax, MSG.passwordTooLong),
});
export type PasswordConfirmRequest = z.input<typeof passwordConfirmRequest>;

export const totpSetupResponse = z.object({
  /** Base32, for typing into an app that cannot scan. Shown once: a new setup makes a new one. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as an SVG QR code. */
  qr_svg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupResponse>;

export const totpEnableRequest = z.object({ code: otpField });

export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });

export const securityStatusResponse = z.object({
  /** False for Google accounts: they keep Google's own second factor. */
  can_use_totp: z.boolean(),
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type SecurityStatus = z.infer<typeof securityStatusResponse>;

export const activeSession = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'other']),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_active_at: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;
export const sessionListResponse = z.object({ sessions: z.array(activeSession) });
export const sessionIdParams = z.object({ id: pathParam(100) });

/** A Google sign-in to an account with an authenticator asks for its code too. */
export const googleLoginResponse = z.union([sessionResponse, profileIncompleteResponse, secondFactorChallengeResponse]);

/* Changing the e-mail address (decision 190). */
export const emailChangeRequest = z
  .object({
    new_email: emailField,
    /** The password, or — for an account with an authenticator app — a code from it (decision 193). */
    password: lineText().max(LIMITS.passwordMax, MSG.passwordTooLong).optional(),
    code: lineText()
      .trim()
      .regex(/^\d{6}$/, MSG.secondFactorCodeInvalid)
      .optional(),
    /** Or one of the member's passkeys answering a `reauth` challenge (decision 228). */
    passkey: passkeyAuthenticationResponse.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.password && !v.code && !v.passkey) ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.currentPasswordRequired });
  });
export type EmailChangeRequest = z.input<typeof emailChangeRequest>;
export const emailChangeConfirmRequest = z.object({ otp: otpField });
export const emailChangeRevertRequest = z.object({ key: lineText().regex(/^[A-Za-z0-9_-]{16,64}$/, MSG.emailChangeRevertInvalid) });
