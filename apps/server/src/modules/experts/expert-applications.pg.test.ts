import type { ExpertApplicationView } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createReviewTestApp, expertInput, ops } from './test-support.ts';

/**
 * Decision 235 on PostgreSQL, two server processes on one database: deciding an application takes
 * its row lock, so invites and declines racing each other (and a plain invite by e-mail) end it
 * once — one expert, one invitation mail, one audit entry — and every loser gets a clear 409.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createReviewTestApp();
  b = await createTestApp({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'operator-password-123' }, { sameDatabaseAs: a });
}, 300_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

let ipCounter = 0;
const count = async (sql: string, params: unknown[]) => (await a.db.query<{ n: number }>(sql, params)).rows[0]!.n;

async function pendingApplication() {
  const email = uniqueEmail('race');
  const res = await a.app.inject({
    method: 'POST',
    url: '/api/expert-applications',
    remoteAddress: `198.18.0.${++ipCounter}`,
    payload: {
      name: 'Hedy Lamarr',
      email,
      fields: ['semiconductors_electronics'],
      languages: ['English'],
      country: 'AT',
      rttp_number: 'RTTP-1942',
      statement: 'Frequency hopping: I have licensed spread-spectrum patents for decades.',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const list = (await a.app.inject({ method: 'GET', url: '/api/admin/expert-applications?state=pending', headers: ops })).json<{
    applications: ExpertApplicationView[];
  }>();
  return list.applications.find((x) => x.email === email)!;
}
const inviteVia = (app: TestApp, x: ExpertApplicationView, withApplication = true) =>
  app.app.inject({
    method: 'POST',
    url: '/api/admin/experts',
    headers: ops,
    payload: {
      ...expertInput({
        email: x.email,
        name: x.name,
        fields: x.fields,
        languages: x.languages,
        country: x.country,
        rttp_number: x.rttp_number,
      }),
      ...(withApplication ? { application_id: x.id } : {}),
    },
  });
const declineVia = (app: TestApp, x: ExpertApplicationView) =>
  app.app.inject({ method: 'POST', url: `/api/admin/expert-applications/${x.id}/decline`, headers: ops });
const invitationMails = (email: string) =>
  count(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'subject' LIKE '%invited%'`, [
    email,
  ]);

describe('deciding an application under concurrency (PostgreSQL)', () => {
  it('eight invites of one application at once, from two servers: one expert, one invitation mail, one audit entry; the rest 409', async () => {
    const x = await pendingApplication();
    const res = await Promise.all(Array.from({ length: 8 }, (_, i) => inviteVia(i % 2 ? b : a, x)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of res.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe('application_invited');
    expect(await count('SELECT count(*)::int AS n FROM experts WHERE email = $1', [x.email])).toBe(1);
    expect(await invitationMails(x.email)).toBe(1);
    expect(
      await count(`SELECT count(*)::int AS n FROM operator_audit_log WHERE action = 'expert.invite' AND details->>'application_id' = $1`, [
        x.id,
      ]),
    ).toBe(1);
    const row = (
      await a.db.query<{ state: string; expert_id: string }>('SELECT state, expert_id FROM expert_applications WHERE id = $1', [x.id])
    ).rows[0]!;
    expect(row.state).toBe('invited');
    expect(row.expert_id).toBe(res.find((r) => r.statusCode === 201)!.json<{ expert: { id: string } }>().expert.id);
  });

  it('invites and declines racing: one decision, mailed once, and the state says which', async () => {
    for (let round = 0; round < 4; round++) {
      const x = await pendingApplication();
      const res = await Promise.all([inviteVia(a, x), declineVia(b, x), inviteVia(b, x), declineVia(a, x)]);
      const state = (await a.db.query<{ state: string }>('SELECT state FROM expert_applications WHERE id = $1', [x.id])).rows[0]!.state;
      const experts = await count('SELECT count(*)::int AS n FROM experts WHERE email = $1', [x.email]);
      const declinedMails = await count(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'subject' = 'Your application to the expert network'`,
        [x.email],
      );
      if (state === 'invited') {
        expect([experts, await invitationMails(x.email), declinedMails]).toEqual([1, 1, 0]);
        expect(res.filter((r) => r.statusCode === 201)).toHaveLength(1);
      } else {
        expect(state).toBe('declined');
        expect([experts, await invitationMails(x.email), declinedMails]).toEqual([0, 0, 1]);
        expect(res.filter((r) => r.statusCode === 201)).toHaveLength(0);
      }
      for (const r of res) expect([200, 201, 409]).toContain(r.statusCode);
    }
  });

  it('a plain invite by e-mail racing the invite from the application: one expert; the loser is a clear 409', async () => {
    const x = await pendingApplication();
    const res = await Promise.all([inviteVia(a, x, false), inviteVia(b, x, true)]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(res.find((r) => r.statusCode === 409)!.json().code).toBe('expert_exists');
    expect(await count('SELECT count(*)::int AS n FROM experts WHERE email = $1', [x.email])).toBe(1);
    expect(await invitationMails(x.email)).toBe(1);
  });
});
