/**
 * A fake of Google's sign-in keys for tests: a real RSA key pair, its public half served as a
 * JWKS over HTTP on 127.0.0.1 (random port), and a helper that signs ID tokens the way Google
 * does. Point the app at it with GOOGLE_JWKS_URL: fake.url.
 *
 *   const fake = await startFakeGoogle({ clientId: 'test-client.apps.googleusercontent.com' });
 *   const credential = await fake.signIdToken({ email: 'ada@example.com' });
 *   const forged = await fake.signIdToken({}, { signer: 'foreign' }); // a key the JWKS lacks
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
const KID = 'fake-google-key-1';
const JWKS_PATH = '/oauth2/v3/certs';

export interface IdTokenClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

export interface SignOptions {
  /** 'served' (default) signs with the key in the JWKS; 'foreign' with another key of the same kid. */
  signer?: 'served' | 'foreign';
  /** Lifetime from now; negative for an already-expired token. Default one hour. */
  expiresInSeconds?: number;
}

export interface FakeGoogle {
  /** The JWKS address, for GOOGLE_JWKS_URL. */
  url: string;
  /** How many times the JWKS was fetched. */
  readonly jwksRequests: number;
  /**
   * An ID token with Google's claims: iss, aud (the client id), a fresh sub, email,
   * email_verified true, name, iat and exp. `claims` overrides any of them.
   */
  signIdToken(claims?: IdTokenClaims, opts?: SignOptions): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeGoogle(options: { clientId: string }): Promise<FakeGoogle> {
  const served = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(served.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] });

  let jwksRequests = 0;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === JWKS_PATH) {
      jwksRequests++;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
      res.end(jwks);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"not found"}');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${JWKS_PATH}`,
    get jwksRequests() {
      return jwksRequests;
    },
    async signIdToken(claims = {}, opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      const lifetime = opts.expiresInSeconds ?? 3600;
      const email = claims.email ?? `google.${randomUUID()}@example.com`;
      const payload: IdTokenClaims = {
        iss: GOOGLE_ISSUER,
        aud: options.clientId,
        sub: String(100000000000000000000n + BigInt(Math.floor(Math.random() * 1e15))),
        email,
        email_verified: true,
        name: 'Katherine Johnson',
        iat: lifetime < 0 ? now + lifetime - 3600 : now,
        exp: now + lifetime,
        ...claims,
      };
      const key = opts.signer === 'foreign' ? foreign.privateKey : served.privateKey;
      return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' }).sign(key);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
