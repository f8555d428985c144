import {
  authEndpoints as auth,
  usersEndpoints as users,
  type PasskeyAuthenticationResponse,
  type CompleteProfileRequest,
  type ResetPasswordRequest,
  type SignupRequest,
  type VerifyOtpRequest,
} from '@assay/shared';
import { call } from '../../../lib/api.ts';

/** One function per auth endpoint of docs/product.md §7 (plus forgot/reset password). */
export const authApi = {
  login: (email: string, password: string, remember: boolean) => call(auth.login, { body: { username: email, password, remember } }),
  signup: (body: SignupRequest) => call(auth.signup, { body }),
  verifyOtp: (body: VerifyOtpRequest) => call(auth.verifyEmail, { body }),
  resendOtp: (email: string) => call(auth.resendCode, { body: { email } }),
  google: (credential: string) => call(auth.google, { body: { credential } }),
  completeProfile: (body: CompleteProfileRequest) => call(auth.completeProfile, { body }),
  logout: () => call(auth.logout),
  forgotPassword: (email: string) => call(auth.forgotPassword, { body: { email } }),
  resetPassword: (body: ResetPasswordRequest) => call(auth.resetPassword, { body }),
  changePassword: (current_password: string, new_password: string) =>
    call(auth.changePassword, { body: { current_password, new_password } }),
  loginSecondFactor: (challenge: string, code: string) => call(auth.loginSecondFactor, { body: { challenge, code } }),
  security: () => call(auth.security),
  totpSetup: (password: string) => call(auth.totpSetup, { body: { password } }),
  totpEnable: (code: string) => call(auth.totpEnable, { body: { code } }),
  totpDisable: (password: string) => call(auth.totpDisable, { body: { password } }),
  newRecoveryCodes: (password: string) => call(auth.recoveryCodes, { body: { password } }),
  sessions: () => call(auth.sessions),
  revokeSession: (id: string) => call(auth.revokeSession, { params: { id } }),
  revokeOtherSessions: () => call(auth.revokeOtherSessions),
  requestEmailChange: (
    new_email: string,
    proof: { password?: string | undefined; code?: string | undefined; passkey?: PasskeyAuthenticationResponse },
  ) => call(auth.emailChange, { body: { new_email, ...proof } }),
  /** Options for confirming an e-mail change with a passkey instead of the password (decision 228). */
  emailChangePasskeyOptions: () => call(auth.emailChangePasskeyOptions),
  confirmEmailChange: (otp: string) => call(auth.emailChangeConfirm, { body: { otp } }),
  revertEmailChange: (key: string) => call(auth.emailChangeRevert, { body: { key } }),
  passkeys: () => call(auth.passkeys),
  passkeyRegisterOptions: (password: string) => call(auth.passkeyRegisterOptions, { body: { password } }),
  passkeyRegister: (name: string, response: unknown) => call(auth.passkeyRegister, { body: { name, response: response as never } }),
  passkeyRename: (id: number, name: string) => call(auth.passkeyRename, { params: { id: String(id) }, body: { name } }),
  passkeyRemove: (id: number) => call(auth.passkeyRemove, { params: { id: String(id) } }),
  passkeySignInOptions: () => call(auth.passkeySignInOptions),
  passkeySignIn: (response: PasskeyAuthenticationResponse, remember: boolean) => call(auth.passkeySignIn, { body: { response, remember } }),
  passkeySecondFactorOptions: (challenge: string) => call(auth.passkeySecondFactorOptions, { body: { challenge } }),
  passkeySecondFactor: (challenge: string, response: PasskeyAuthenticationResponse) =>
    call(auth.passkeySecondFactor, { body: { challenge, response } }),
  me: () => call(users.me),
  updateMe: (name: string, phone: string) => call(users.updateMe, { body: { name, phone } }),
};
