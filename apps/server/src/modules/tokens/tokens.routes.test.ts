import { MSG, REPORT_COSTS, TOKEN_VALIDITY_DAYS } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, uniqueEmail } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { contentChanged } from '../../lib/content-changes.ts';
import { grantSignupBonus } from './index.ts';
import { ledgerSum } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const balanceOf = (auth: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: auth });

describe('GET /api/tokens/packages', () => {
  it('lists the active packages in order, prices in USD with 2 decimals, pro flagged Most Popular', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tokens/packages' });
    expect(res.statusCode).toBe(200);
    const packages = res.json<Array<Record<string, unknown>>>();
    expect(packages.map((p) => p.package_type)).toEqual(['starter', 'pro', 'max']);
    expect(packages[1]).toMatchObject({
      id: 'pro',
      name: 'Pro',
      tokens: 30000,
      price_usd: 129,
      original_price_usd: 149,
      most_popular: true,
      gst_usd: 23.22,
      total_usd: 152.22,
    });
    expect(packages.filter((p) => p.most_popular)).toHaveLength(1);
    expect(packages[0]).toMatchObject({ price_usd: 49, original_price_usd: null });
  });

  it('hides an inactive package', async () => {
    // As a change to the packages does: committed, then this process's cached copy dropped.
    await t.db.query(`UPDATE token_packages SET active = false WHERE id = 'max'`);
    contentChanged(t.db, 'packages');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/tokens/packages' });
      expect(res.json<Array<{ id: string }>>().map((p) => p.id)).toEqual(['starter', 'pro']);
    } finally {
      await t.db.query(`UPDATE token_packages SET active = true WHERE id = 'max'`);
      contentChanged(t.db, 'packages');
    }
  });
});

describe('GET /api/tokens/balance', () => {
  it('needs a signed-in member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tokens/balance' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(MSG.notAuthenticated);
  });

  it('shows a new member the signup bonus: one Basic report, promotional, expiring in 12 months', async () => {
    const m = await signUpAndLogin(t);
    const res = await balanceOf(m.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      available_tokens: REPORT_COSTS.basic,
      bonus_tokens: REPORT_COSTS.basic,
      paid_tokens: 0,
      held_tokens: 0,
    });
    const days = (new Date(body.next_expiry).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(TOKEN_VALIDITY_DAYS - 1);
    expect(days).toBeLessThanOrEqual(TOKEN_VALIDITY_DAYS);
  });
});

describe('the signup bonus', () => {
  it('is granted once at verification, and calling the grant again changes nothing', async () => {
    const m = await signUpAndLogin(t);
    const userId = m.user.id;
    expect(await t.db.transaction((tx) => grantSignupBonus(tx, userId))).toBe(false);
    const grants = await t.db.query(`SELECT 1 FROM token_ledger WHERE user_id = $1 AND kind = 'grant'`, [userId]);
    expect(grants.rows).toHaveLength(1);
    expect(await ledgerSum(t.db, userId)).toBe(REPORT_COSTS.basic);
  });

  it('is not granted before the email is verified', async () => {
    const email = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Unverified Member', email, phone: '+44 20 7946 0958', password: 'Str0ngPassw0rd' },
    });
    const r = await t.db.query(`SELECT count(l.*)::int AS n FROM users u LEFT JOIN token_lots l ON l.user_id = u.id WHERE u.email = $1`, [
      email,
    ]);
    expect(r.rows[0]).toEqual({ n: 0 });
  });

  it('is not granted again to an account re-created with the same email', async () => {
    const email = uniqueEmail('recreated');
    const first = await signUpAndLogin(t, { email });
    expect((await balanceOf(first.auth)).json().available_tokens).toBe(REPORT_COSTS.basic);
    await t.db.query('DELETE FROM users WHERE id = $1', [first.user.id]);

    const again = await signUpAndLogin(t, { email });
    expect(again.user.id).not.toBe(first.user.id);
    expect((await balanceOf(again.auth)).json()).toMatchObject({ available_tokens: 0, bonus_tokens: 0 });
  });
});

describe('ledger settings from config', () => {
  it('grants SIGNUP_BONUS_TOKENS and dates lots by TOKEN_VALIDITY_DAYS', async () => {
    const other = await createTestApp({ SIGNUP_BONUS_TOKENS: '1234', TOKEN_VALIDITY_DAYS: '90' });
    try {
      const m = await signUpAndLogin(other);
      const body = (await other.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: m.auth })).json();
      expect(body.available_tokens).toBe(1234);
      const days = (new Date(body.next_expiry).getTime() - Date.now()) / 86_400_000;
      expect(Math.round(days)).toBe(90);
    } finally {
      await other.close();
    }
  });
});
