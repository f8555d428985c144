import { API_BASE, authEndpoints as e, MSG } from '@assay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { bearerToken, member } from '../../http/member-guard.ts';
import { route } from '../../http/route.ts';
import type { AppInstance } from '../../http/types.ts';
import { deviceCookieOptions } from '../../lib/device-cookie.ts';
import { verifyAccessToken } from '../../lib/jwt.ts';
import { AppError } from '../../lib/errors.ts';
import { endOtherSessions, endSession, listSessions } from './active-sessions.ts';
import { confirmEmailChange, requestEmailChange, revertEmailChange } from './change-email.ts';
import { changePassword } from './change-password.ts';
import { passkeyReauthOptions } from './confirm-password.ts';
import { completeSecondFactor } from './complete-second-factor.ts';
import { completeProfile } from './complete-profile.ts';
import { googleLogin } from './google-login.ts';
import { listPasskeys, passkeyRegistrationOptions, registerPasskey, removePasskey, renamePasskey } from './passkey-settings.ts';
import { completeSecondFactorWithPasskey, passkeySecondFactorOptions, passkeySignIn, passkeySignInOptions } from './passkey-sign-in.ts';
import { login } from './login.ts';
import { limitCodeSends } from './otp-rate-limit.ts';
import { refreshSession } from './refresh-session.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resendVerificationCode } from './resend-code.ts';
import { resetPassword } from './reset-password.ts';
import { refreshLifetimeDays, revokeSession, revokeSessionByRefreshToken } from './session-tokens.ts';
import { signup } from './signup.ts';
import { disableTotp, enableTotp, newRecoveryCodes, securityStatus, setupTotp } from './two-factor-settings.ts';
import { verifyEmail } from './verify-email.ts';

export const REFRESH_COOKIE = 'assay_refresh';
/** Marks a browser that has signed in to an account before (lib/device-cookie.ts). */
export const DEVICE_COOKIE = 'assay_device';
/** Both cookies go only to the auth routes. */
const COOKIE_PATH = `${API_BASE}/auth`;

export function authRoutes(deps: Deps) {
  return async (app: AppInstance) => {
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
        path: COOKIE_PATH,
        // Unticked Remember me: a browser-session cookie.
        ...(remember ? { maxAge: refreshLifetimeDays(true) * 86400 } : {}),
      });
    const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });

    const withSession = <T extends { refresh_token: string; remember: boolean }>(reply: FastifyReply, s: T) => {
      setRefreshCookie(reply, s.refresh_token, s.remember);
      const { remember: _remember, ...body } = s;
      return body;
    };

    route(app, e.config, async () => ({ google_client_id: deps.google.clientId ?? null }));

    route(app, e.signup, async (req) => {
      await limitCodeSends(deps, req.ip);
      return signup(deps, req.body);
    });

    route(app, e.verifyEmail, async (req) => verifyEmail(deps, req.body.email, req.body.otp, req.ip, req.body.password, req.body.key));

    route(app, e.resendCode, async (req) => {
      await limitCodeSends(deps, req.ip);
      return resendVerificationCode(deps, req.body.email);
    });

    /** A finished sign-in: the refresh cookie, and the device cookie that marks this browser as known. */
    const signedIn = <T extends { refresh_token: string; remember: boolean; device_cookie: string; known_device: boolean }>(
      reply: FastifyReply,
      s: T,
    ) => {
      const { device_cookie, known_device: _known, ...session } = s;
      reply.setCookie(DEVICE_COOKIE, device_cookie, deviceCookieOptions(deps.config.secureCookies, COOKIE_PATH));
      return withSession(reply, session);
    };

    route(app, e.login, async (req, reply) => {
      const s = await login(deps, req.body.username, req.body.password, {
        ...meta(req, req.body.remember),
        deviceCookie: req.cookies[DEVICE_COOKIE],
      });
      // With an authenticator, a challenge for its code; no cookie until the code is right.
      return 'second_factor_required' in s ? s : signedIn(reply, s);
    });

    route(app, e.loginSecondFactor, async (req, reply) =>
      signedIn(
        reply,
        await completeSecondFactor(deps, req.body.challenge, req.body.code, { ip: req.ip, deviceCookie: req.cookies[DEVICE_COOKIE] }),
      ),
    );

    route(app, e.passkeySignInOptions, async (req) => passkeySignInOptions(deps, req.ip));
    route(app, e.passkeySignIn, async (req, reply) =>
      signedIn(
        reply,
        await passkeySignIn(deps, req.body.response, { ...meta(req, req.body.remember ?? true), deviceCookie: req.cookies[DEVICE_COOKIE] }),
      ),
    );
    route(app, e.passkeySecondFactorOptions, async (req) => passkeySecondFactorOptions(deps, req.body.challenge, req.ip));
    route(app, e.passkeySecondFactor, async (req, reply) =>
      signedIn(
        reply,
        await completeSecondFactorWithPasskey(deps, req.body.challenge, req.body.response, {
          ip: req.ip,
          deviceCookie: req.cookies[DEVICE_COOKIE],
        }),
      ),
    );

    route(app, e.google, async (req, reply) => {
      const s = await googleLogin(deps, req.body.credential, meta(req, req.body.remember ?? true));
      return 'profile_incomplete' in s || 'second_factor_required' in s ? s : withSession(reply, s);
    });

    route(app, e.completeProfile, async (req, reply) => withSession(reply, await completeProfile(deps, req.body, meta(req, true))));

    // A cookie client may send no body at all, which arrives as null.
    route(app, e.refresh, async (req, reply) => {
      const fromBody = req.body?.refresh_token;
      try {
        return withSession(reply, await refreshSession(deps, fromBody ?? req.cookies[REFRESH_COOKIE]));
      } catch (err) {
        // Only a refused token ends the browser's session: a failure of ours (a database away
        // during a deploy) leaves the cookie for the next try (decision 170).
        if (!fromBody && err instanceof AppError && err.status === 401) clearRefreshCookie(reply);
        throw err;
      }
    });

    route(app, e.logout, async (req, reply) => {
      // Revokes the session named by the access token (or, failing that, the refresh cookie).
      const token = bearerToken(req);
      const auth = token ? await verifyAccessToken(deps.config.JWT_SECRET, token).catch(() => undefined) : undefined;
      if (auth) await revokeSession(deps.db, auth.sessionId, 'logout');
      const cookie = req.cookies[REFRESH_COOKIE];
      if (cookie) await revokeSessionByRefreshToken(deps.db, cookie, 'logout');
      clearRefreshCookie(reply);
      return { message: MSG.loggedOut };
    });

    route(app, e.changePassword, async (req) => changePassword(deps, member(req), req.body.current_password, req.body.new_password));

    route(app, e.security, async (req) => securityStatus(deps, member(req).userId));
    route(app, e.totpSetup, async (req) => setupTotp(deps, member(req).userId, req.body.password));
    route(app, e.totpEnable, async (req) => enableTotp(deps, member(req).userId, req.body.code));
    route(app, e.totpDisable, async (req) => disableTotp(deps, member(req).userId, req.body.password));
    route(app, e.recoveryCodes, async (req) => newRecoveryCodes(deps, member(req).userId, req.body.password));

    route(app, e.passkeys, async (req) => listPasskeys(deps.db, member(req).userId));
    route(app, e.passkeyRegisterOptions, async (req) => passkeyRegistrationOptions(deps, member(req).userId, req.body.password));
    route(app, e.passkeyRegister, async (req, reply) => {
      reply.status(201);
      return registerPasskey(deps, member(req).userId, req.body);
    });
    route(app, e.passkeyRename, async (req) => renamePasskey(deps.db, member(req).userId, req.params.id, req.body.name));
    route(app, e.passkeyRemove, async (req) => removePasskey(deps, member(req).userId, req.params.id));

    route(app, e.sessions, async (req) => listSessions(deps, member(req)));
    route(app, e.revokeSession, async (req) => endSession(deps, member(req), req.params.id));
    route(app, e.revokeOtherSessions, async (req) => endOtherSessions(deps, member(req)));

    route(app, e.emailChange, async (req) => requestEmailChange(deps, member(req).userId, req.body.new_email, req.body));
    route(app, e.emailChangePasskeyOptions, async (req) => passkeyReauthOptions(deps, member(req).userId));
    route(app, e.emailChangeConfirm, async (req) => confirmEmailChange(deps, member(req).userId, req.body.otp, req.ip));
    route(app, e.emailChangeRevert, async (req) => revertEmailChange(deps, req.body.key, req.ip));

    route(app, e.forgotPassword, async (req) => requestPasswordReset(deps, req.body.email, req.ip));

    route(app, e.resetPassword, async (req) =>
      resetPassword(deps, req.body.email, req.body.otp, req.body.new_password, req.ip, req.body.key),
    );
  };
}
