import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for server tests (decision 193): ES256 keys from node:crypto,
 * "none" attestation, a signature counter, and the JSON shapes @simplewebauthn/browser sends.
 * It signs whatever it is asked to, honestly: the tests decide what to tamper with.
 */

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  }
  throw new Error(`cbor: unsupported ${typeof value}`);
}

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  cose: Buffer;
  userHandle: string;
  counter: number;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  /** `counter: false` behaves like synced passkeys, which always send 0. */
  constructor(
    readonly origin: string,
    readonly opts: { counter?: boolean; userVerified?: boolean } = {},
  ) {}

  private flags(extra = 0) {
    return 0x01 /* UP */ | (this.opts.userVerified === false ? 0 : 0x04) /* UV */ | extra;
  }

  private newCredential(userHandle: string): SoftCredential {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const cred: SoftCredential = { id: randomBytes(16), privateKey, cose, userHandle, counter: 0 };
    this.credentials.push(cred);
    return cred;
  }

  /** navigator.credentials.create (`reuse`: answer with a credential made before, as a hostile client could): answers the server's registration options. */
  register(options: Record<string, unknown>, reuse?: SoftCredential) {
    const o = options as { challenge: string; rp: { id: string }; user: { id: string } };
    const cred = reuse ?? this.newCredential(o.user.id);
    const { id, cose } = cred;
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha(o.rp.id),
      Buffer.from([this.flags(0x40 /* AT */)]),
      Buffer.alloc(4),
      Buffer.alloc(16) /* AAGUID */,
      idLen,
      id,
      cose,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: o.challenge, origin: this.origin, crossOrigin: false }),
    );
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal' as const] },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get: signs the server's challenge with a credential (the first, or one named). */
  assert(
    options: Record<string, unknown>,
    cred: SoftCredential | undefined = this.credentials[0],
    tamper: { origin?: string; rpId?: string } = {},
  ) {
    if (!cred) throw new Error('no credential');
    const o = options as { challenge: string; rpId: string };
    if (this.opts.counter !== false) cred.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.opts.counter === false ? 0 : cred.counter);
    const authenticatorData = Buffer.concat([sha(tamper.rpId ?? o.rpId), Buffer.from([this.flags()]), count]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: o.challenge, origin: tamper.origin ?? this.origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha(clientDataJSON)]), cred.privateKey);
    return {
      id: b64u(cred.id),
      rawId: b64u(cred.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authenticatorData),
        signature: b64u(signature),
        userHandle: cred.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
