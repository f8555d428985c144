import { basicAuthorization, MSG, REPORT_COSTS } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../test/members.ts';
import { createOperatorTestApp, type TestApp } from '../../test/test-app.ts';

const ADMIN = { username: 'night-editor', password: 'Editor-Pass-2026' };
const asOperator = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };
let t: TestApp;
let m: Member;
/** An expert's session cookie, for the expert portal's routes (decision 230). */
let asExpert: { cookie: string };
beforeAll(async () => {
  t = await createOperatorTestApp(ADMIN);
  m = await signUpAndLogin(t);
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/admin/experts',
    headers: asOperator,
    payload: {
      email: 'expert.cc@example.com',
      name: 'Expert',
      fields: ['optics'],
      languages: ['en'],
      country: 'GB',
      rttp_number: 'R-1',
      rates: { basic: 1, advanced: 1, comprehensive: 1 },
      capacity: 1,
    },
  });
  const token = new URL(invited.json<{ invitation_url: string }>().invitation_url).searchParams.get('token')!;
  const signedIn = await t.app.inject({ method: 'POST', url: '/api/expert/invitation', payload: { token, password: 'Str0ngPassw0rd' } });
  asExpert = { cookie: String(signedIn.headers['set-cookie']).split(';')[0]! };
  await t.app.inject({ method: 'POST', url: '/api/expert/undertaking', headers: asExpert });
});
afterAll(() => t.close());

interface Parameter {
  name: string;
  in: string;
  schema?: Property;
}
/** Enumerations refuse anything off their list already; free text is what needs the check. */
interface Property {
  type?: string;
  enum?: unknown[];
}
const freeText = (p?: Property) => p?.type === 'string' && !p.enum;
interface Operation {
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, Property> } }> };
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const NUL = '\u0000';
const sample = (name: string) => `${name}-1${NUL}`;

/** Every route of the API as its OpenAPI document lists it, with each text input it reads. */
function textInputs() {
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();
  const cases: {
    route: string;
    method: Method;
    where: 'path' | 'query' | 'body';
    field: string;
    url: string;
    payload?: object;
    operator: boolean | 'expert';
  }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [verb, op] of Object.entries(ops)) {
      const method = verb.toUpperCase() as Method;
      const params = op.parameters ?? [];
      // Operator-only routes authenticate first (issue 26): they need an operator's credentials.
      // Expert routes likewise need an expert's session (decision 230).
      const operator =
        !!op.security?.length && (op.security.every((s) => 'admin' in s) || (op.security.every((s) => 'expert' in s) && 'expert'));
      // The other path parameters get '1', a value every id and slug schema accepts, so a body or
      // query field is checked rather than a parameter refused first (numeric ids, decision 193).
      const fill = (except?: string) =>
        params
          .filter((p) => p.in === 'path')
          .reduce((u, p) => u.replace(`{${p.name}}`, p.name === except ? encodeURIComponent(sample(p.name)) : '1'), `/api${path}`);
      for (const p of params) {
        if (p.in === 'path') cases.push({ route: `${method} ${path}`, method, where: 'path', field: p.name, url: fill(p.name), operator });
        if (p.in === 'query' && freeText(p.schema)) {
          cases.push({
            route: `${method} ${path}`,
            method,
            where: 'query',
            field: p.name,
            url: `${fill()}?${p.name}=${encodeURIComponent(sample(p.name))}`,
            operator,
          });
        }
      }
      const json = op.requestBody?.content['application/json']?.schema.properties ?? {};
      for (const [field, prop] of Object.entries(json)) {
        if (freeText(prop))
          cases.push({
            route: `${method} ${path}`,
            method,
            where: 'body',
            field,
            url: fill(),
            payload: { [field]: sample(field) },
            operator,
          });
      }
    }
  }
  return cases;
}

describe('control characters in any request text', () => {
  it('are refused with 422 and a clear detail on every route, path parameter, query and body field', async () => {
    const cases = textInputs();
    expect(cases.length).toBeGreaterThan(40);
    expect(cases.map((c) => `${c.where} ${c.route} ${c.field}`)).toEqual(
      expect.arrayContaining([
        'path GET /reports/{id} id',
        'path GET /blog/posts/{slug} slug',
        'body POST /contact message',
        'query GET /admin/users q',
      ]),
    );
    const failures: string[] = [];
    for (const c of cases) {
      const headers = c.operator === 'expert' ? asExpert : c.operator ? asOperator : m.auth;
      const res = await t.app.inject({ method: c.method, url: c.url, headers, ...(c.payload ? { payload: c.payload } : {}) });
      const body = res.json<{ detail?: string; errors?: Record<string, string> }>();
      if (res.statusCode !== 422 || body.errors?.[c.field] !== MSG.textControlCharacters) {
        failures.push(`${c.where} ${c.field} of ${c.route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('in an operator\u2019s basic-auth username or password answer 401, not 500', async () => {
    for (const [username, password] of [
      [`ad${NUL}min`, 'whatever-password'],
      [ADMIN.username, `pass${NUL}word`],
      ['ops\u001b[31m', 'x'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { authorization: basicAuthorization(username!, password!) },
      });
      expect(res.statusCode, JSON.stringify(username)).toBe(401);
      expect(res.json().code).toBe('admin_auth_required');
    }
  });

  it('leave nothing behind: a signup, contact message, profile or report with NUL is refused whole', async () => {
    const tokens = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: m.auth })).json<{ available_tokens: number }>()
        .available_tokens;
    const before = await tokens();
    const requests = [
      {
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: `Eve${NUL}`, email: 'eve@example.com', phone: '+44 20 7946 0958', password: 'Str0ngPassw0rd' },
      },
      {
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Eve', email: 'eve@example.com', phone: '+44 20 7946 0958', message: `Hello${NUL}` },
      },
      { method: 'PATCH', url: '/api/users/me', headers: m.auth, payload: { name: `Ada${NUL}`, phone: '+44 20 7946 0958' } },
      {
        method: 'POST',
        url: '/api/reports/generate',
        headers: m.auth,
        payload: { idea: `${'A solar panel coating that sheds dust. '.repeat(3)}${NUL}`, complexity: 'basic' },
      },
    ] as const;
    for (const r of requests) {
      const res = await t.app.inject(r);
      expect(res.statusCode, r.url).toBe(422);
      expect(res.json().detail, r.url).toBe(MSG.textControlCharacters);
    }
    expect(await tokens()).toBe(before);
    expect(before).toBe(REPORT_COSTS.basic);
  });

  it('answer 404, not 500, on the post pages search engines read', async () => {
    for (const url of ['/blog/a%00b', '/press-releases/%00']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
    const api = await t.app.inject({ url: '/api/blog/posts/%00' });
    expect(api.statusCode).toBe(422);
    expect(api.json().detail).toBe(MSG.textControlCharacters);
  });

  it('keep line breaks in multi-line text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Grace Hopper', email: 'grace@example.com', phone: '+44 20 7946 0958', message: 'First line\r\n\tsecond line' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('operator routes', () => {
  it('authenticate before they validate a body: a stranger learns nothing of the schema', async () => {
    const cases = textInputs().filter((c) => c.operator && c.where === 'body');
    expect(cases.length).toBeGreaterThan(3);
    for (const c of cases) {
      for (const headers of [{}, { authorization: basicAuthorization(ADMIN.username, 'wrong-password-here') }, m.auth]) {
        // Strangers' wrong passwords count toward a lock-out (429): start each from none.
        await t.db.query(`DELETE FROM rate_limits WHERE key LIKE 'operator:%'`);
        const res = await t.app.inject({ method: c.method, url: c.url, headers, payload: { [c.field]: 42, unexpected: true } });
        expect(res.statusCode, `${c.route} ${JSON.stringify(headers)}`).toBe(401);
        // The plain refusal and nothing else: no field named (a field may be called `code`, like the refusal's own key).
        expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
        expect(res.json().detail).not.toContain(c.field);
      }
    }
  });
});
