import type { Complexity, InviteExpertRequest } from '@assay/shared';
import { expect } from 'vitest';
import { GOOD_PASSWORD, signUpAndLogin, uniqueEmail, type Member } from '../../../test/members.ts';
import { createOperatorTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Queryable } from '../../db/client.ts';

/** Helpers for the expert review tests (decision 230). */

export const OPS_PASSWORD = 'operator-password-123';
export const ops = { authorization: `Basic ${Buffer.from(`ops:${OPS_PASSWORD}`).toString('base64')}` };

/** A test app with an operator `ops` and members who start with enough tokens for a few reviews. */
export const createReviewTestApp = (env: Record<string, string> = {}) =>
  createOperatorTestApp(
    { username: 'ops', password: OPS_PASSWORD },
    { SIGNUP_BONUS_TOKENS: '20000', MAIL_RETRY_DELAY_SECONDS: '1', ...env },
  );

/** A completed report (version 1, its PDF in the blob store) written straight to the tables: the worker is not under test here. */
export async function seedCompletedReport(
  t: TestApp,
  userId: string,
  complexity: Complexity = 'basic',
  title = 'Silver hydrogel dressing',
): Promise<string> {
  const id = crypto.randomUUID();
  const key = `reports/${id}/v1.pdf`;
  await t.deps.blobs.put(key, Buffer.from(`%PDF-1.4\n% ${title}\n%%EOF\n`), 'application/pdf');
  const record = {
    name: title,
    problem: 'Infected wounds are found late.',
    solution: 'A hydrogel that releases silver ions when a wound is infected.',
  };
  await t.db.query(
    `INSERT INTO reports (id, user_id, title, idea, complexity, status, stage, tokens_used, hold_id, sections_total, pdf_key, completed_at, version, record)
     VALUES ($1, $2, $3, 'A biodegradable hydrogel wound dressing that releases silver ions on demand.', $4, 'completed', 'done', 2500, gen_random_uuid(), 5, $5, now(), 1, $6::jsonb)`,
    [id, userId, title, complexity, key, JSON.stringify(record)],
  );
  await t.db.query(
    `INSERT INTO report_versions (report_id, n, kind, change, complexity, title, record, pdf_key, tokens) VALUES ($1, 1, 'generate', 'First version', $2, $3, $4::jsonb, $5, 2500)`,
    [id, complexity, title, JSON.stringify(record), key],
  );
  return id;
}

export const expertInput = (over: Partial<InviteExpertRequest> = {}): InviteExpertRequest => ({
  email: uniqueEmail('expert'),
  name: 'Grace Hopper',
  fields: ['medical devices', 'biomaterials'],
  languages: ['en', 'de'],
  country: 'GB',
  rttp_number: 'RTTP-00421',
  rates: { basic: 3000, advanced: 4500, comprehensive: 6000 },
  capacity: 3,
  ...over,
});

/** An expert who took up the invitation (password set) and, unless told, accepted the undertaking. */
export interface Expert {
  id: string;
  email: string;
  cookie: { cookie: string };
}

export async function inviteAndSignIn(
  t: TestApp,
  over: Partial<InviteExpertRequest> = {},
  opts: { undertaking?: boolean } = {},
): Promise<Expert> {
  const input = expertInput(over);
  const invited = await t.app.inject({ method: 'POST', url: '/api/admin/experts', headers: ops, payload: input });
  expect(invited.statusCode, invited.body).toBe(201);
  const { expert, invitation_url } = invited.json<{ expert: { id: string }; invitation_url: string }>();
  const token = new URL(invitation_url).searchParams.get('token')!;
  const accepted = await t.app.inject({ method: 'POST', url: '/api/expert/invitation', payload: { token, password: GOOD_PASSWORD } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const cookie = { cookie: `assay_expert=${sessionCookieOf(accepted.headers['set-cookie'])}` };
  if (opts.undertaking !== false) {
    const u = await t.app.inject({ method: 'POST', url: '/api/expert/undertaking', headers: cookie });
    expect(u.statusCode, u.body).toBe(200);
  }
  return { id: expert.id, email: input.email, cookie };
}

export function sessionCookieOf(header: string | string[] | undefined): string {
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.map((c) => /^assay_expert=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (!found) throw new Error(`no expert session cookie in ${JSON.stringify(header)}`);
  return found;
}

export const requestReview = (
  t: TestApp,
  m: Member,
  reportId: string,
  body: object = { questions: 'Is the silver release claim novel?' },
) => t.app.inject({ method: 'POST', url: `/api/reports/${reportId}/review-requests`, headers: m.auth, payload: body });

export const assign = (t: TestApp, requestId: string, expertId: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${requestId}/assign`, headers: ops, payload: { expert_id: expertId } });

export const asExpert = (t: TestApp, e: Expert, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: e.cookie, ...(payload ? { payload } : {}) });

export const REVIEW = {
  verdicts: {
    novelty: { verdict: 'strong', note: 'No prior art on triggered release that I know of.' },
    market: { verdict: 'adequate', note: '' },
    maturity: { verdict: 'weak', note: 'Lab prototype only.' },
    ip_route: { verdict: 'adequate', note: 'A method claim looks possible.' },
  },
  recommendation: 'hold_for_data',
  reasons: 'Promising, but it needs animal data before a licensee will look at it.',
  answers: 'Yes, the triggered release appears novel.',
} as const;

/** A member with a completed report. */
export async function memberWithReport(t: TestApp, complexity: Complexity = 'basic') {
  const m = await signUpAndLogin(t);
  const reportId = await seedCompletedReport(t, m.user.id, complexity);
  return { m, reportId };
}

/** The request's hold and its ledger rows: what exactly-once is checked against. */
export async function holdOf(db: Queryable, requestId: string) {
  const r = await db.query<{ state: string; amount: number; releases: number; captured: boolean }>(
    `SELECT h.state, h.amount,
            (SELECT count(*)::int FROM token_ledger e WHERE e.hold_id = h.id AND e.kind = 'release') AS releases,
            h.state = 'captured' AS captured
       FROM review_requests q JOIN token_holds h ON h.id = q.hold_id WHERE q.id = $1`,
    [requestId],
  );
  return r.rows[0]!;
}

export const availableOf = async (t: TestApp, m: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/tokens/balance', headers: m.auth })).json<{ available_tokens: number }>()
    .available_tokens;

export { GOOD_PASSWORD };

/** Polls until `check` answers something (the mail worker runs off the request path). */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  for (const end = Date.now() + timeoutMs; ;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The ledger's sums for these members: every lot holds what its entries say, within 0..size, and each member's entries sum to their lots. */
export async function expectLedgerHolds(db: Queryable, userIds: string[]) {
  const drift = await db.query(
    `SELECT l.id FROM token_lots l LEFT JOIN token_ledger e ON e.lot_id = l.id
      WHERE l.user_id = ANY($1) GROUP BY l.id, l.remaining, l.tokens
     HAVING l.remaining <> coalesce(sum(e.amount), 0) OR l.remaining < 0 OR l.remaining > l.tokens`,
    [userIds],
  );
  expect(drift.rows).toEqual([]);
  const sums = await db.query(
    `SELECT u.id FROM unnest($1::uuid[]) AS u(id)
      WHERE (SELECT coalesce(sum(amount), 0) FROM token_ledger WHERE user_id = u.id)
         <> (SELECT coalesce(sum(remaining), 0) FROM token_lots WHERE user_id = u.id)`,
    [userIds],
  );
  expect(sums.rows).toEqual([]);
}

/**
 * The deadlines sweep looks at every request and matching at every expert: a test starts with the
 * requests of earlier tests cancelled (through the operator, so their holds are released) and
 * their experts paused.
 */
export async function clearOpenReviews(t: TestApp) {
  const open = await t.db.query<{ id: string }>(`SELECT id FROM review_requests WHERE state IN ('requested', 'assigned', 'accepted')`);
  for (const { id } of open.rows) {
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${id}/cancel`, headers: ops })).statusCode).toBe(200);
  }
  await t.db.query('UPDATE experts SET paused = true');
}

/**
 * A member's review request taken as far as `until` (requested, offered, accepted, delivered) with
 * expert `e`: what the follow-up and earnings tests start from (decision 234).
 */
export async function reviewUntil(
  t: TestApp,
  e: Expert,
  until: 'requested' | 'assigned' | 'accepted' | 'delivered',
  complexity: Complexity = 'basic',
) {
  const { m, reportId } = await memberWithReport(t, complexity);
  const created = await requestReview(t, m, reportId);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: string }>().id;
  if (until !== 'requested') expect((await assign(t, id, e.id)).statusCode).toBe(200);
  if (until === 'accepted' || until === 'delivered')
    expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${id}/accept`)).statusCode).toBe(200);
  if (until === 'delivered') {
    const delivered = await asExpert(t, e, 'POST', `/api/expert/assignments/${id}/review`, REVIEW);
    expect(delivered.statusCode, delivered.body).toBe(200);
  }
  return { m, reportId, id };
}
