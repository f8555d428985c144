import { hmac, randomToken, safeEqual } from './secrets.ts';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a signed,
 * httpOnly cookie naming the account, issued on a successful sign-in. A browser that presents a
 * valid one for the account it signs in to is trusted: it has its own small failure budget and
 * is never held back by failures others caused on the account or from its address.
 */
export type DeviceKind = 'member' | 'operator' | 'expert';

export interface Device {
  accountId: string;
  /** Random per cookie: names this browser's own failure counter. */
  id: string;
}

export const DEVICE_COOKIE_DAYS = 365;

const signature = (secret: string, kind: DeviceKind, accountId: string, id: string) => hmac(secret, `device:${kind}:${accountId}:${id}`);

export function issueDeviceCookie(secret: string, kind: DeviceKind, accountId: string): string {
  const id = randomToken(16);
  return `${accountId}.${id}.${signature(secret, kind, accountId, id)}`;
}

/** The device a cookie names, or undefined when it is missing, malformed or not signed by us. */
export function readDeviceCookie(secret: string, kind: DeviceKind, value: string | undefined): Device | undefined {
  const [accountId, id, sig, ...rest] = value?.split('.') ?? [];
  if (!accountId || !id || !sig || rest.length) return undefined;
  return safeEqual(sig, signature(secret, kind, accountId, id)) ? { accountId, id } : undefined;
}

export const deviceCookieOptions = (secure: boolean, path: string) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
  path,
  maxAge: DEVICE_COOKIE_DAYS * 86400,
});
