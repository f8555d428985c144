import {
  authEndpoints,
  blogEndpoints,
  contactEndpoints,
  operatorsEndpoints,
  reportsEndpoints,
  tokensEndpoints,
  usersEndpoints,
  type User,
} from '@assay/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, callRaw, ContractError } from './api.ts';
import { session } from './session.ts';
import { json } from '../test/http.ts';

const USER: User = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  is_verified: true,
  reports_generated: 0,
  created_at: '2025-07-18T00:00:00.000Z',
  last_login: null,
  auth_provider: 'password',
};
const BALANCE = { available_tokens: 2500, paid_tokens: 0, bonus_tokens: 2500, held_tokens: 0, refund_pending_tokens: 0, next_expiry: null };

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Stubs fetch (the client's boundary) with a queue of answers, recording each request. */
function stubFetch(...answers: (Response | ((req: Sent) => Response))[]) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const req = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
    };
    sent.push(req);
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${req.method} ${url}`);
    return typeof next === 'function' ? next(req) : next;
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('the API client', () => {
  it('builds the declared path with encoded params and a query of the values that are set', async () => {
    const sent = stubFetch(json(200, { posts: [], page: 2, pages: 2, total: 0 }), json(409, { detail: 'not ready' }));
    await call(blogEndpoints.list, { query: { post_type: 'press_release', page: 2, limit: 12, q: undefined, exclude: '' } });
    expect(sent[0]).toMatchObject({ url: '/api/blog/posts?post_type=press_release&page=2&limit=12', method: 'GET' });
    expect(sent[0]!.headers.authorization).toBeUndefined();

    session.signIn('access-1', USER);
    await expect(callRaw(reportsEndpoints.download, { params: { id: 'a/b c?' } })).rejects.toBeInstanceOf(ApiError);
    expect(sent[1]!.url).toBe('/api/reports/a%2Fb%20c%3F/download');
    expect(sent[1]!.headers).toMatchObject({ accept: 'application/pdf', authorization: 'Bearer access-1' });
  });

  it('sends the declared method, JSON bodies, and the login form form-encoded', async () => {
    const sent = stubFetch(
      json(200, { ...USER, name: 'Grace Hopper' }),
      json(200, { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 900, user: USER }),
    );
    session.signIn('access-1', USER);
    await call(usersEndpoints.updateMe, { body: { name: 'Grace Hopper', phone: '+44 20 7946 0958' } });
    expect(sent[0]).toMatchObject({ url: '/api/users/me', method: 'PATCH', body: '{"name":"Grace Hopper","phone":"+44 20 7946 0958"}' });
    expect(sent[0]!.headers['content-type']).toBe('application/json');

    await call(authEndpoints.login, { body: { username: 'ada@example.com', password: 'pa ss&word', remember: true } });
    expect(sent[1]).toMatchObject({
      url: '/api/auth/login',
      method: 'POST',
      body: 'username=ada%40example.com&password=pa+ss%26word&remember=true',
    });
    expect(sent[1]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent[1]!.headers.authorization).toBeUndefined();
  });

  it("refuses, in tests, a response its endpoint's schema does not accept", async () => {
    session.signIn('access-1', USER);
    stubFetch(json(200, { ...BALANCE, available_tokens: '2500' }));
    const err = await call(tokensEndpoints.balance).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    expect(String((err as Error).message)).toMatch(/GET \/tokens\/balance answered a body its schema refuses[\s\S]*available_tokens/);

    stubFetch(json(202, BALANCE));
    await expect(call(tokensEndpoints.balance)).rejects.toThrow('answered 202, a status it does not declare');
  });

  it('accepts every status the endpoint declares', async () => {
    session.signIn('access-1', USER);
    const report = {
      id: 'r1',
      title: 'T',
      idea: 'I',
      complexity: 'basic',
      status: 'processing',
      created_at: '2025-07-01T10:00:00.000Z',
      completed_at: null,
      tokens_used: 2500,
      pdf_url: null,
      content_preview: null,
      error_message: null,
      tokens_returned: false,
      progress: { stage: 'queued', sections_done: 0, sections_total: 15 },
      record: null,
      record_confirmed: false,
      version: 0,
      run_kind: 'generate',
      cancelled: false,
    };
    const sent = stubFetch(json(201, report), json(200, report));
    const body = { idea: 'x'.repeat(60), complexity: 'basic' } as const;
    expect(await call(reportsEndpoints.generate, { body, headers: { 'idempotency-key': 'k1' } })).toEqual(report);
    expect(await call(reportsEndpoints.generate, { body, headers: { 'idempotency-key': 'k1' } })).toEqual(report);
    expect(sent.map((s) => s.headers['idempotency-key'])).toEqual(['k1', 'k1']);
  });

  it('refreshes once for concurrent 401s and retries each call with the new token', async () => {
    session.signIn('old-token', USER);
    const refreshes: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url === '/api/auth/refresh') {
        refreshes.push(url);
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { access_token: 'new-token', refresh_token: 'r2', token_type: 'bearer', expires_in: 900 });
      }
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer new-token' ? json(200, BALANCE) : json(401, { detail: 'Not authenticated' });
    });
    const [a, b] = await Promise.all([call(tokensEndpoints.balance), call(tokensEndpoints.balance)]);
    expect(a).toEqual(BALANCE);
    expect(b).toEqual(BALANCE);
    expect(refreshes).toHaveLength(1);
    expect(session.accessToken()).toBe('new-token');
  });

  it('clears the session when the refresh fails, and throws the 401', async () => {
    session.signIn('old-token', USER);
    stubFetch(json(401, { detail: 'Not authenticated' }), json(401, { detail: 'Your session has expired.' }));
    await expect(call(usersEndpoints.me)).rejects.toMatchObject({ status: 401, detail: 'Not authenticated' });
    expect(session.user()).toBeUndefined();
  });

  it.each([
    ['a 503', () => json(503, { detail: 'Service unavailable' })],
    ['a 500', () => json(500, { detail: 'Internal error' })],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('keeps the session when the refresh meets %s: the call fails as a server error', async (_name, failure) => {
    session.signIn('old-token', USER);
    stubFetch(json(401, { detail: 'Not authenticated' }), failure as unknown as () => Response);
    await expect(call(usersEndpoints.me)).rejects.toMatchObject({ status: 503 });
    expect(session.user()).toEqual(USER);
    expect(session.accessToken()).toBe('old-token');
    expect(localStorage.getItem('assay_has_session')).toBe('1');
  });

  it('never refreshes for a public call: a failed sign-in is just a 401', async () => {
    session.signIn('old-token', USER);
    const sent = stubFetch(json(401, { detail: 'Incorrect email or password' }));
    await expect(call(authEndpoints.login, { body: { username: 'a@b.co', password: 'secret1' } })).rejects.toMatchObject({
      detail: 'Incorrect email or password',
    });
    expect(sent).toHaveLength(1);
    expect(session.accessToken()).toBe('old-token');
  });

  it('sends operator calls with the credentials given, never the member token, and refuses them without', async () => {
    session.signIn('member-token', USER);
    const sent = stubFetch(new Response('a,b\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    const res = await callRaw(contactEndpoints.export, { query: { q: 'x' }, authorization: 'Basic b3BzOnB3' });
    expect(await res.text()).toBe('a,b\n');
    expect(sent[0]).toMatchObject({ url: '/api/contact/export?q=x', headers: { accept: 'text/csv', authorization: 'Basic b3BzOnB3' } });
    await expect(call(operatorsEndpoints.login)).rejects.toMatchObject({ status: 401 });
    expect(sent).toHaveLength(1);
  });

  it('turns an error body into ApiError with the detail and field messages, or the text', async () => {
    stubFetch(
      json(422, { detail: 'Name is required', errors: { name: 'Name is required' } }),
      new Response('Bad gateway', { status: 502 }),
    );
    await expect(call(contactEndpoints.submit, { body: { name: '', phone: '', email: '', message: '' } })).rejects.toMatchObject({
      status: 422,
      detail: 'Name is required',
      errors: { name: 'Name is required' },
    });
    await expect(call(tokensEndpoints.packages)).rejects.toMatchObject({ status: 502, detail: 'Bad gateway' });
  });
});
