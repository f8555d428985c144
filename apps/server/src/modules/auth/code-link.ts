import type { CodePurpose, IssuedCode } from './email-codes.ts';

/**
 * The page that finishes what a code is for, with the code and its key in the fragment (never
 * sent to a server, so it stays out of logs and Referer headers). Decision 160: the key is what
 * lets the mailbox owner in while strangers spend the typed-code tries.
 */
export function codeLink(publicUrl: string, purpose: CodePurpose, email: string, issued: IssuedCode): string {
  const page = purpose === 'verify_email' ? 'signup' : purpose === 'reset_password' ? 'forgot-password' : 'account';
  return `${publicUrl}/${page}#${new URLSearchParams({ email, code: issued.code, key: issued.key })}`;
}
