import type { AuditEntry } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ensureFirstOperator } from './index.ts';

/** Named operator accounts created from the panel, each with its own audit trail (decision 190). */
const PASSWORD = 'bootstrap-password-123';
const basic = (user: string, pass: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` });
const ops = basic('ops', PASSWORD);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: PASSWORD });
  await ensureFirstOperator(t.deps);
});
afterAll(() => t.close());

const create = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/operators', headers, payload });
const trail = async (headers: Record<string, string>, operator: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/audit-log?operator=${operator}`, headers })).json<{ entries: AuditEntry[] }>()
    .entries;

describe('named operators', () => {
  it('the bootstrap operator creates named operators, each signs in with its own password, and the log names who did what', async () => {
    const made = await create(ops, { username: 'grace', password: 'grace-password-123' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ username: 'grace', last_login_at: null });
    const grace = basic('grace', 'grace-password-123');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: grace })).statusCode).toBe(200);
    // Grace creates another; the bootstrap operator's password does not sign her in.
    expect((await create(grace, { username: 'alan', password: 'alan-password-1234' })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: basic('grace', PASSWORD) })).statusCode).toBe(401);

    const byOps = await trail(ops, 'ops');
    const byGrace = await trail(ops, 'grace');
    expect(byOps.filter((e) => e.action === 'operator.create').map((e) => e.details.username)).toContain('grace');
    expect(byOps.some((e) => e.details.username === 'alan')).toBe(false);
    expect(byGrace.map((e) => e.action)).toEqual(expect.arrayContaining(['operator.sign_in', 'operator.create']));
    expect(byGrace.find((e) => e.action === 'operator.create')!.details).toMatchObject({ username: 'alan', source: 'panel' });
    for (const e of byGrace) expect(e.operator_username).toBe('grace');

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/operators', headers: grace });
    expect(list.json().operators.map((o: { username: string }) => o.username)).toEqual(['alan', 'grace', 'ops']);
    expect(JSON.stringify(list.json())).not.toContain('password');
  });

  it('refuses a taken username (any case), a short password, odd usernames, and anyone but an operator', async () => {
    await create(ops, { username: 'katherine', password: 'katherine-password-1' });
    const taken = await create(ops, { username: 'KATHERINE', password: 'another-password-1' });
    expect(taken.statusCode).toBe(409);
    expect((await create(ops, { username: 'dorothy', password: 'short' })).statusCode).toBe(422);
    expect((await create(ops, { username: 'dor othy', password: 'dorothy-password-1' })).statusCode).toBe(422);
    expect((await create({}, { username: 'mallory', password: 'mallory-password-1' })).statusCode).toBe(401);
    expect((await create(basic('ops', 'wrong-password-123'), { username: 'mallory', password: 'mallory-password-1' })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/operators' })).statusCode).toBe(401);
  });

  it('the bootstrap operator from ADMIN_USERNAME/ADMIN_PASSWORD stays alongside the named ones', async () => {
    await ensureFirstOperator(t.deps);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: ops })).statusCode).toBe(200);
  });
});

describe('managing other operators (issue 29 item 5, decision 208)', () => {
  const patch = (headers: Record<string, string>, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/operators/${id}`, headers, payload });
  const remove = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/operators/${id}`, headers });
  const login = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/admin/login', headers });
  const idOf = async (username: string) =>
    (await t.db.query<{ id: string }>('SELECT id FROM operators WHERE username = $1', [username])).rows[0]!.id;

  it('sets a public name at creation or later; the name is checked and the change audited under who made it', async () => {
    const made = await create(ops, { username: 'mary', password: 'mary-password-1234', display_name: '  Mary Jackson ' });
    expect(made.json()).toMatchObject({ username: 'mary', display_name: 'Mary Jackson' });
    const grace = basic('grace', 'grace-password-123');
    const renamed = await patch(grace, made.json().id, { display_name: 'Dr Mary Jackson' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ display_name: 'Dr Mary Jackson' });
    const entry = (await trail(ops, 'grace')).find((e) => e.action === 'operator.rename')!;
    expect(entry.details).toMatchObject({ username: 'mary', display_name: 'Dr Mary Jackson' });
    expect((await patch(ops, made.json().id, { display_name: 'x' })).statusCode).toBe(422);
    expect((await patch(ops, made.json().id, { display_name: 'A\u202eB name' })).json().display_name).toBe('AB name');
    expect((await patch(ops, made.json().id, {})).statusCode).toBe(422);
  });

  it("sets another operator's password: their old one stops working at once, the new one works", async () => {
    const made = await create(ops, { username: 'joan', password: 'joan-password-1234' });
    const joan = basic('joan', 'joan-password-1234');
    expect((await login(joan)).statusCode).toBe(200); // now cached as recently verified
    const set = await patch(ops, made.json().id, { password: 'joan-new-password-99' });
    expect(set.statusCode, set.body).toBe(200);
    expect(JSON.stringify(set.json())).not.toContain('password-');
    expect((await login(joan)).statusCode).toBe(401);
    expect((await login(basic('joan', 'joan-new-password-99'))).statusCode).toBe(200);
    expect((await trail(ops, 'ops')).some((e) => e.action === 'operator.password_set' && e.details.username === 'joan')).toBe(true);
    expect((await patch(ops, made.json().id, { password: 'short' })).statusCode).toBe(422);
  });

  it('removes another operator, who can no longer sign in; the log keeps their entries under their name', async () => {
    await create(ops, { username: 'hedy', password: 'hedy-password-12345' });
    const hedy = basic('hedy', 'hedy-password-12345');
    expect((await login(hedy)).statusCode).toBe(200);
    const id = await idOf('hedy');
    const gone = await remove(basic('grace', 'grace-password-123'), id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await login(hedy)).statusCode).toBe(401);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/operators', headers: ops })).json<{
      operators: { username: string }[];
    }>();
    expect(list.operators.map((o) => o.username)).not.toContain('hedy');
    expect((await trail(ops, 'hedy')).map((e) => e.action)).toContain('operator.sign_in');
    expect((await trail(ops, 'grace')).find((e) => e.action === 'operator.remove')!.details).toMatchObject({ username: 'hedy' });
    expect((await remove(ops, id)).statusCode).toBe(404);
  });

  it('refuses to remove yourself or the ADMIN_USERNAME account, and answers 404 for an unknown or malformed id', async () => {
    const grace = basic('grace', 'grace-password-123');
    const self = await remove(grace, await idOf('grace'));
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'operator_self' });
    const boot = await remove(grace, await idOf('ops'));
    expect(boot.statusCode).toBe(409);
    expect(boot.json()).toMatchObject({ code: 'operator_bootstrap' });
    expect((await login(ops)).statusCode).toBe(200);
    expect((await remove(ops, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await remove(ops, "1' OR '1'='1")).statusCode).toBe(404);
    expect((await patch(ops, 'not-an-id', { display_name: 'Someone' })).statusCode).toBe(404);
    expect((await remove({}, await idOf('grace'))).statusCode).toBe(401);
    expect((await patch({}, await idOf('grace'), { password: 'whatever-password-1' })).statusCode).toBe(401);
  });
});
