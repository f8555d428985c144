import type { SessionResponse } from '@assay/shared';
import type { TestApp } from './test-app.ts';

let counter = 0;
export const uniqueEmail = (prefix = 'member') => `${prefix}.${process.pid}.${Date.now()}.${counter++}@example.com`;
export const GOOD_PASSWORD = 'Str0ngPassw0rd';

/** Signs up through the API, reads the code from the SMTP server, verifies and signs in. */
export async function signUpAndLogin(t: TestApp, overrides: { email?: string; name?: string } = {}) {
  const email = overrides.email ?? uniqueEmail();
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: overrides.name ?? 'Ada Lovelace', email, phone: '+44 20 7946 0958', password: GOOD_PASSWORD },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const mail = await t.smtp.lastTo(email);
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email-otp',
    payload: { email, otp: mail.code },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  return login(t, email);
}

export async function login(t: TestApp, email: string, password = GOOD_PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const session = res.json<SessionResponse>();
  return { ...session, email, auth: { authorization: `Bearer ${session.access_token}` } };
}

export type Member = Awaited<ReturnType<typeof login>>;
