import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets we must read back (an authenticator's TOTP key), sealed with AES-256-GCM under a key
 * derived from the server secret (HKDF-SHA256, one `purpose` per kind of secret). A copy of the
 * database alone does not give them away; the server secret does, as it already signs sessions.
 */
const keyFor = (serverSecret: string, purpose: string) => Buffer.from(hkdfSync('sha256', serverSecret, 'assay-sealed', purpose, 32));

export function seal(serverSecret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(serverSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** Throws if the value was altered or sealed under another secret or purpose. */
export function unseal(serverSecret: string, purpose: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(serverSecret, purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
