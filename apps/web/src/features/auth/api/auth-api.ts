import type {
  CompleteProfileRequest,
  MessageResponse,
  ProfileIncompleteResponse,
  ResetPasswordRequest,
  SessionResponse,
  SignupRequest,
  User,
  VerifyOtpRequest,
  VerifyOtpResponse,
} from '@assay/shared';
import { api } from '../../../lib/api.ts';

/** One function per auth endpoint of SPEC section 7 (plus forgot/reset password). */
export const authApi = {
  login: (email: string, password: string, remember: boolean) =>
    api<SessionResponse>('/auth/login', {
      form: { username: email, password, remember: String(remember) },
      auth: false,
    }),
  signup: (body: SignupRequest) => api<MessageResponse>('/auth/signup', { body, auth: false }),
  verifyOtp: (body: VerifyOtpRequest) => api<VerifyOtpResponse>('/auth/verify-email-otp', { body, auth: false }),
  resendOtp: (email: string) => api<MessageResponse>('/auth/resend-otp', { body: { email }, auth: false }),
  google: (credential: string) =>
    api<SessionResponse | ProfileIncompleteResponse>('/auth/google', { body: { credential }, auth: false }),
  completeProfile: (body: CompleteProfileRequest) =>
    api<SessionResponse>('/auth/complete-profile', { body, auth: false }),
  logout: () => api<MessageResponse>('/auth/logout', { method: 'POST' }),
  forgotPassword: (email: string) =>
    api<MessageResponse>('/auth/forgot-password', { body: { email }, auth: false }),
  resetPassword: (body: ResetPasswordRequest) =>
    api<MessageResponse>('/auth/reset-password', { body, auth: false }),
  changePassword: (current_password: string, new_password: string) =>
    api<MessageResponse>('/auth/change-password', { body: { current_password, new_password } }),
  me: () => api<User>('/users/me'),
  updateMe: (name: string, phone: string) => api<User>('/users/me', { method: 'PATCH', body: { name, phone } }),
};
