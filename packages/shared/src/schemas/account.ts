import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { lineText, otpField, pathParam } from './fields.ts';

/**
 * The member's own data: notification choices, the data export and deleting the account
 * (docs/decisions/133-notifications.md, 134-export-and-account-deletion.md). The original brief had no
 * texts for these; they are ours.
 */
export const ACCOUNT_MESSAGES = {
  preferencesSaved: 'Notification preferences saved',
  preferencesFailed: 'Failed to save notification preferences',
  preferencesLoadFailed: 'Failed to load notification preferences',
  exportFailed: 'Failed to export your data. Please try again.',
  exportStarted: 'We are preparing your data. We will email you a link to download it within a few minutes.',
  exportNotFound: 'This download link is not valid or has expired. Please request a new export from your profile.',
  exportNotReady: 'Your export is still being prepared. We will email you when it is ready.',
  deletePasswordRequired: 'Please enter your password to delete your account',
  deletePasswordWrong: 'The password is incorrect',
  deleteCodeRequired: 'Please enter the code we emailed you',
  deleteReportRunning: 'A report is still being generated. You can delete your account once it has finished.',
  deletionCodeSent: 'We have emailed you a 6-digit code to confirm deleting your account.',
  deletionCodeMailFailed: 'We could not send the code email. Please try again.',
  deletionCodeNotForPasswordAccounts: 'This account has a password: confirm with your password instead.',
  accountDeleted: 'Your account has been deleted.',
  deleteFailed: 'Failed to delete your account',
} as const;

/** The optional notification mails; the others (codes, receipts, refunds, failed reports) are always sent. */
export const notificationPreferences = z.object({
  report_ready: z.boolean(),
  tokens_expiring: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/**
 * DELETE /users/me: a password account confirms with its password, a Google account with the
 * code emailed by POST /users/me/deletion-code. Which one is needed is the server's call.
 */
export const deleteAccountRequest = z.object({
  password: lineText().max(LIMITS.passwordMax, MSG.passwordTooLong).optional(),
  code: otpField.optional(),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

export const deleteAccountResponse = z.object({
  message: z.string(),
  /** Unused tokens the account held, now forfeited. */
  forfeited_tokens: z.number().int(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponse>;

/** The deletion dialog's forms: a password account types its password, a Google account the emailed code. */
export const deleteAccountPasswordForm = z.object({
  password: lineText(ACCOUNT_MESSAGES.deletePasswordRequired)
    .min(1, ACCOUNT_MESSAGES.deletePasswordRequired)
    .max(LIMITS.passwordMax, MSG.passwordTooLong),
});
export const deleteAccountCodeForm = z.object({ code: otpField });

/**
 * POST /users/me/exports: the export is built by a background job and a link to it mailed
 * (docs/decisions/181-heavy-work-off-the-event-loop.md). Asking again while one is being prepared
 * answers that one.
 */
export const accountExportResponse = z.object({
  id: z.string(),
  status: z.enum(['preparing', 'ready', 'failed']),
  detail: z.string(),
});
export type AccountExportResponse = z.infer<typeof accountExportResponse>;
export const accountExportParams = z.object({ id: pathParam(100) });
/** The mailed link's key: an HMAC of the export's id (the link works without a session, like a presigned URL). */
export const accountExportLinkQuery = z.object({ key: lineText().max(200).optional() });
