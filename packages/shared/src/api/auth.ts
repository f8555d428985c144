import {
  authConfigResponse,
  changePasswordRequest,
  completeProfileRequest,
  emailOnlyRequest,
  googleLoginRequest,
  googleLoginResponse,
  loginRequest,
  messageResponse,
  refreshRequest,
  refreshResponse,
  resetPasswordRequest,
  sessionResponse,
  signupRequest,
  signupResponse,
  verifyOtpRequest,
  verifyOtpResponse,
} from '../schemas/auth.ts';
import { endpoint } from './endpoint.ts';

const tags = ['auth'];

/** Sign-up, sign-in (password and Google), sessions and passwords. */
export const authEndpoints = {
  config: endpoint({ method: 'GET', path: '/auth/config', auth: 'public', tags, responses: { 200: authConfigResponse } }),
  signup: endpoint({ method: 'POST', path: '/auth/signup', auth: 'public', tags, body: signupRequest, responses: { 201: signupResponse } }),
  verifyEmail: endpoint({
    method: 'POST', path: '/auth/verify-email-otp', auth: 'public', tags, body: verifyOtpRequest, responses: { 200: verifyOtpResponse },
  }),
  resendCode: endpoint({ method: 'POST', path: '/auth/resend-otp', auth: 'public', tags, body: emailOnlyRequest, responses: { 200: messageResponse } }),
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    auth: 'public',
    tags,
    description: 'Form-encoded (or JSON): username is the email.',
    body: loginRequest,
    form: true,
    responses: { 200: sessionResponse },
  }),
  google: endpoint({ method: 'POST', path: '/auth/google', auth: 'public', tags, body: googleLoginRequest, responses: { 200: googleLoginResponse } }),
  completeProfile: endpoint({
    method: 'POST', path: '/auth/complete-profile', auth: 'public', tags, body: completeProfileRequest, responses: { 200: sessionResponse },
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/auth/refresh',
    auth: 'public',
    tags,
    description: 'The refresh token from the body, or else the httpOnly cookie (a cookie client may send no body at all).',
    body: refreshRequest.nullable(),
    responses: { 200: refreshResponse },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    auth: 'public',
    tags,
    description: 'Revokes the session the bearer token names, and the one the refresh cookie belongs to.',
    responses: { 200: messageResponse },
  }),
  changePassword: endpoint({
    method: 'POST', path: '/auth/change-password', auth: 'member', tags, body: changePasswordRequest, responses: { 200: messageResponse },
  }),
  forgotPassword: endpoint({
    method: 'POST', path: '/auth/forgot-password', auth: 'public', tags, body: emailOnlyRequest, responses: { 200: messageResponse },
  }),
  resetPassword: endpoint({
    method: 'POST', path: '/auth/reset-password', auth: 'public', tags, body: resetPasswordRequest, responses: { 200: messageResponse },
  }),
};
