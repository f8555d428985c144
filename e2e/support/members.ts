import { expect } from 'vitest';
import type { RunningServer } from './server.ts';

export const MEMBER_PASSWORD = 'Orbit1962ok';
/** An idea typed the way members type them: a name, a stated TRL, IP and customers. */
export const AQUATRACE_IDEA =
  'AquaTrace: a paper test strip read by a smartphone camera that detects lead in drinking water down to 5 ppb in two minutes. ' +
  'We have a working lab prototype (TRL 4). Patent pending. Our customers would be municipal water utilities and schools.';

export type Api = (path: string, init?: RequestInit & { token?: string }) => Promise<Response>;

/** The product's API as a client calls it: JSON bodies, a member's bearer token when given. Reads the server when called. */
export function apiOf(server: () => RunningServer): Api {
  return (p, init = {}) =>
    fetch(`${server().url}/api${p}`, {
      ...init,
      // A POST without a body has no JSON content type (Fastify refuses an empty JSON body).
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.headers ?? {}),
      },
    });
}

/** A verified, signed-in member (through the API, the mailed code read from the dev mailbox) whose first Basic report has completed. */
export async function memberWithReport(server: RunningServer, name: string, idea = AQUATRACE_IDEA) {
  const api = apiOf(() => server);
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  const signup = await api('/auth/signup', {
    method: 'POST',
    body: JSON.stringify({ name, email, password: MEMBER_PASSWORD, phone: '+1 757 555 0100' }),
  });
  expect(signup.status).toBeLessThan(300);
  const { code } = await server.readMail(email);
  expect((await api('/auth/verify-email-otp', { method: 'POST', body: JSON.stringify({ email, otp: code }) })).status).toBeLessThan(300);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: MEMBER_PASSWORD }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const started = await api('/reports/generate', { method: 'POST', token, body: JSON.stringify({ idea, complexity: 'basic' }) });
  const { id } = (await started.json()) as { id: string };
  const status = async () => ((await (await api(`/reports/${id}`, { token })).json()) as { status: string }).status;
  await expect.poll(status, { timeout: 120_000, interval: 500 }).toBe('completed');
  return { email, token, id };
}
