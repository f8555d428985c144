import { SESSION } from '@assay/shared';
import { SignJWT } from 'jose';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthorized } from './errors.ts';

/**
 * Our JWTs (HS256, our issuer): the short-lived access token naming a session, and
 * single-purpose tokens. Signing and checking live together so they cannot drift apart;
 * the sessions themselves are rows (modules/auth/session-tokens.ts, http/member-guard.ts).
 */
const key = (secret: string) => new TextEncoder().encode(secret);
const ISSUER = 'assay';

export async function signAccessToken(secret: string, userId: string, sessionId: string) {
  return new SignJWT({ sid: sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${SESSION.accessTokenSeconds}s`)
    .sign(key(secret));
}

/**
 * Checks an HS256 JWT on the main thread. jose verifies through WebCrypto, which runs on
 * libuv's thread pool, where every member request would queue behind password hashes during a
 * sign-in flood; one HMAC of a few hundred bytes takes microseconds inline.
 * Accepts exactly what we sign: alg HS256, our issuer, an expiry in the future.
 */
function verifyJwt(secret: string, token: string): Record<string, unknown> {
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || signature === undefined || rest.length) throw new Error('malformed token');
  const { alg, crit } = decodePart(header);
  if (alg !== 'HS256' || crit !== undefined) throw new Error('unexpected algorithm');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const actual = Buffer.from(signature, 'base64url');
  // Re-encoding refuses non-canonical spellings of the same signature bytes.
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected) || actual.toString('base64url') !== signature) {
    throw new Error('bad signature');
  }
  const claims = decodePart(payload);
  const now = Math.floor(Date.now() / 1000);
  if (claims.iss !== ISSUER) throw new Error('wrong issuer');
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Error('expired');
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) throw new Error('not yet valid');
  return claims;
}

function decodePart(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('malformed token');
  return value as Record<string, unknown>;
}

export async function verifyAccessToken(secret: string, token: string) {
  try {
    const payload = verifyJwt(secret, token);
    if (payload.typ !== 'access' || typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || !payload.sub) throw new Error();
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    throw unauthorized();
  }
}

/** A short-lived, single-purpose token (e.g. finishing a Google profile). */
export async function signPurposeToken(secret: string, purpose: string, userId: string, minutes: number) {
  return new SignJWT({ typ: purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setExpirationTime(`${minutes}m`)
    .sign(key(secret));
}

export async function verifyPurposeToken(secret: string, purpose: string, token: string) {
  const payload = verifyJwt(secret, token);
  if (payload.typ !== purpose || typeof payload.sub !== 'string' || !payload.sub) throw new Error('wrong token purpose');
  return payload.sub;
}
