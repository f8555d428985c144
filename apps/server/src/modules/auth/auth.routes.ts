import {
  authConfigResponse,
  changePasswordRequest,
  completeProfileRequest,
  emailOnlyRequest,
  googleLoginRequest,
  googleLoginResponse,
  loginRequest,
  messageResponse,
  MSG,
  refreshRequest,
  refreshResponse,
  resetPasswordRequest,
  sessionResponse,
  signupRequest,
  verifyOtpRequest,
  verifyOtpResponse,
} from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { deviceCookieOptions } from '../../lib/device-cookie.ts';
import type { AppInstance } from '../../http/types.ts';
import { bearerToken, member, requireMember } from './authenticate.ts';
import { changePassword } from './change-password.ts';
import { completeProfile } from './complete-profile.ts';
import { googleLogin } from './google-login.ts';
import { login } from './login.ts';
import { limitCodeSends } from './otp-rate-limit.ts';
import { refreshSession } from './refresh-session.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resendVerificationCode } from './resend-code.ts';
import { resetPassword } from './reset-password.ts';
import {
  refreshLifetimeDays,
  revokeSession,
  revokeSessionByRefreshToken,
  verifyAccessToken,
} from './session-tokens.ts';
import { signup } from './signup.ts';
import { verifyEmail } from './verify-email.ts';

export const REFRESH_COOKIE = 'assay_refresh';
/** Marks a browser that has signed in to an account before (lib/device-cookie.ts). */
export const DEVICE_COOKIE = 'assay_device';
const tags = ['auth'];

export function authRoutes(deps: Deps) {
  return async (app: AppInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const meta = (req: FastifyRequest, remember: boolean) => ({
      remember,
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });

    /** The web app keeps the refresh token in an httpOnly cookie; API clients use the body. */
    const setRefreshCookie = (reply: FastifyReply, token: string, remember: boolean) =>
      reply.setCookie(REFRESH_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.config.secureCookies,
        path: '/api/auth',
        // Unticked Remember me: a browser-session cookie.
        ...(remember ? { maxAge: refreshLifetimeDays(true) * 86400 } : {}),
      });
    const clearRefreshCookie = (reply: FastifyReply) =>
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });

    const withSession = <T extends { refresh_token: string; remember: boolean }>(reply: FastifyReply, s: T) => {
      setRefreshCookie(reply, s.refresh_token, s.remember);
      const { remember: _remember, ...body } = s;
      return body;
    };

    r.get('/auth/config', { schema: { tags, response: { 200: authConfigResponse } } }, async () => ({
      google_client_id: deps.google.clientId ?? null,
    }));

    r.post('/auth/signup', {
      schema: { tags, body: signupRequest, response: { 201: messageResponse.extend({ email: z.string() }) } },
    }, async (req, reply) => {
      await limitCodeSends(deps, req.ip);
      reply.code(201);
      return signup(deps, req.body);
    });

    r.post('/auth/verify-email-otp', { schema: { tags, body: verifyOtpRequest, response: { 200: verifyOtpResponse } } },
      async (req) => verifyEmail(deps, req.body.email, req.body.otp, req.ip, req.body.password));

    r.post('/auth/resend-otp', { schema: { tags, body: emailOnlyRequest, response: { 200: messageResponse } } },
      async (req) => {
        await limitCodeSends(deps, req.ip);
        return resendVerificationCode(deps, req.body.email);
      });

    r.post('/auth/login', {
      schema: {
        tags,
        description: 'Form-encoded (or JSON): username is the email.',
        body: loginRequest,
        response: { 200: sessionResponse },
      },
    }, async (req, reply) => {
      const { device_cookie, ...s } = await login(deps, req.body.username, req.body.password, {
        ...meta(req, req.body.remember),
        deviceCookie: req.cookies[DEVICE_COOKIE],
      });
      reply.setCookie(DEVICE_COOKIE, device_cookie, deviceCookieOptions(deps.config.secureCookies, '/api/auth'));
      return withSession(reply, s);
    });

    r.post('/auth/google', { schema: { tags, body: googleLoginRequest, response: { 200: googleLoginResponse } } },
      async (req, reply) => {
        const s = await googleLogin(deps, req.body.credential, meta(req, req.body.remember ?? true));
        return 'profile_incomplete' in s ? s : withSession(reply, s);
      });

    r.post('/auth/complete-profile', { schema: { tags, body: completeProfileRequest, response: { 200: sessionResponse } } },
      async (req, reply) => withSession(reply, await completeProfile(deps, req.body, meta(req, true))));

    // The body is optional (cookie clients may send none at all, which arrives as null).
    r.post('/auth/refresh', { schema: { tags, body: refreshRequest.nullable(), response: { 200: refreshResponse } } },
      async (req, reply) => {
        const fromBody = req.body?.refresh_token;
        try {
          return withSession(reply, await refreshSession(deps, fromBody ?? req.cookies[REFRESH_COOKIE]));
        } catch (err) {
          if (!fromBody) clearRefreshCookie(reply);
          throw err;
        }
      });

    r.post('/auth/logout', { schema: { tags, response: { 200: messageResponse } } }, async (req, reply) => {
      // Revokes the session named by the access token (or, failing that, the refresh cookie).
      const token = bearerToken(req);
      const auth = token ? await verifyAccessToken(deps.config.JWT_SECRET, token).catch(() => undefined) : undefined;
      if (auth) await revokeSession(deps.db, auth.sessionId, 'logout');
      const cookie = req.cookies[REFRESH_COOKIE];
      if (cookie) await revokeSessionByRefreshToken(deps.db, cookie, 'logout');
      clearRefreshCookie(reply);
      return { message: MSG.loggedOut };
    });

    r.post('/auth/change-password', {
      preHandler: requireMember(deps),
      schema: { tags, security: [{ bearer: [] }], body: changePasswordRequest, response: { 200: messageResponse } },
    }, async (req) => changePassword(deps, member(req), req.body.current_password, req.body.new_password));

    r.post('/auth/forgot-password', { schema: { tags, body: emailOnlyRequest, response: { 200: messageResponse } } },
      async (req) => requestPasswordReset(deps, req.body.email, req.ip));

    r.post('/auth/reset-password', { schema: { tags, body: resetPasswordRequest, response: { 200: messageResponse } } },
      async (req) => resetPassword(deps, req.body.email, req.body.otp, req.body.new_password, req.ip));
  };
}
