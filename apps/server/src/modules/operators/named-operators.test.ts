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
  (await t.app.inject({ method: 'GET', url: `/api/admin/audit-log?operator=${operator}`, headers })).json<{ entries: AuditEntry[] }>().entries;

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
    expect((await create(basic('ops', 'wrong-password-123'), { username: 'mallory', password: 'mallory-password-1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/operators' })).statusCode).toBe(401);
  });

  it('the bootstrap operator from ADMIN_USERNAME/ADMIN_PASSWORD stays alongside the named ones', async () => {
    await ensureFirstOperator(t.deps);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: ops })).statusCode).toBe(200);
  });
});
