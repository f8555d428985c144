import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** Verifies a Google ID token: signature against Google's keys, audience, issuer and expiry. */
export interface GoogleVerifier {
  readonly clientId: string | undefined;
  verify(credential: string): Promise<GoogleIdentity>;
}

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export function createGoogleVerifier(clientId: string | undefined, jwksUrl: string): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return {
    clientId,
    async verify(credential) {
      if (!clientId) throw new Error('Google sign-in is not configured');
      const { payload } = await jwtVerify(credential, keys, {
        issuer: ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
      });
      if (!payload.sub || typeof payload.email !== 'string') throw new Error('token lacks sub or email');
      const email = payload.email.toLowerCase();
      return {
        sub: payload.sub,
        email,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name:
          typeof payload.name === 'string' && payload.name.trim().length >= 2
            ? payload.name.trim().slice(0, 100)
            : email.split('@')[0]!.slice(0, 100).padEnd(2, '_'),
      };
    },
  };
}
