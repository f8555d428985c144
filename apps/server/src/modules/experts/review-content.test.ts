import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReviewDraftRequest, ReviewRequestView } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { completedReport } from '../../../test/reports.ts';
import type { TestApp } from '../../../test/test-app.ts';
import {
  asExpert,
  assign,
  createReviewTestApp,
  holdOf,
  inviteAndSignIn,
  memberWithReport,
  ops,
  requestReview,
  REVIEW,
  waitFor,
  type Expert,
} from './test-support.ts';

/**
 * Issue 28 §3 and §4 (decision 233): the expert's draft saved as they write (theirs only, only
 * while accepted, gone once delivered), comments anchored to the report's sections, and the
 * reviewed PDF — the report with the review as its own signed section — stored once.
 */
let t: TestApp;
let expert: Expert;
let other: Expert;
const dir = mkdtempSync(path.join(tmpdir(), 'assay-reviewed-'));
beforeAll(async () => {
  t = await createReviewTestApp();
  await t.startWorker();
  expert = await inviteAndSignIn(t, { name: 'Rosalind Franklin', rttp_number: 'RTTP-0451', capacity: 50 });
  other = await inviteAndSignIn(t, { name: 'Other Expert', capacity: 50 });
}, 300_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const DRAFT: ReviewDraftRequest = {
  verdicts: {
    novelty: { verdict: 'strong', note: 'Triggered release looks new. ' },
    market: { verdict: 'adequate', note: '' },
    maturity: { verdict: 'weak', note: '' },
    ip_route: { verdict: 'adequate', note: '' },
  },
  recommendation: 'hold_for_data',
  reasons: 'Promising, but\n',
  answers: '',
  comments: [
    { section: 'technology', text: 'Say how the release is triggered.' },
    { section: 'ip_snapshot', text: '' },
  ],
};

const inject = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const draftUrl = (id: string) => `/api/expert/assignments/${id}/draft`;
const saveDraft = (e: Expert, id: string, body: object = DRAFT) => inject('PUT', draftUrl(id), e.cookie, body);
const readDraft = (e: Expert, id: string) => inject('GET', draftUrl(id), e.cookie);
const draftRows = async (id: string) => (await t.db.query('SELECT 1 FROM review_drafts WHERE request_id = $1', [id])).rows.length;

/** A request of a fresh member's report, offered to `e` and (unless told) accepted. */
async function acceptedRequest(e: Expert = expert, opts: { accept?: boolean; complexity?: 'basic' | 'comprehensive'; body?: object } = {}) {
  const { m, reportId } = await memberWithReport(t, opts.complexity ?? 'basic');
  const created = await requestReview(t, m, reportId, opts.body);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<ReviewRequestView>().id;
  expect((await assign(t, id, e.id)).statusCode).toBe(200);
  if (opts.accept !== false) expect((await asExpert(t, e, 'POST', `/api/expert/assignments/${id}/accept`)).statusCode).toBe(200);
  return { m, reportId, id };
}

describe('the draft of a review', () => {
  it('is saved whole and read back, by the same expert from another sign-in (another device) too', async () => {
    const { id } = await acceptedRequest();
    const empty = await readDraft(expert, id);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ draft: null, saved_at: null, revision: 0 });

    const first = await saveDraft(expert, id);
    expect(first.statusCode, first.body).toBe(200);
    // Kept as typed: a trailing space or line break is not trimmed away while the expert writes.
    expect(first.json()).toMatchObject({ draft: { reasons: 'Promising, but\n', comments: DRAFT.comments }, revision: 1 });
    const second = await saveDraft(expert, id, { ...DRAFT, reasons: 'Promising, but it needs animal data.', comments: [] });
    expect(second.json()).toMatchObject({ draft: { reasons: 'Promising, but it needs animal data.', comments: [] }, revision: 2 });

    // Another device: a second sign-in, its own session.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/expert/login',
      payload: { email: expert.email, password: 'Str0ngPassw0rd' },
    });
    expect(login.statusCode).toBe(200);
    const cookie = { cookie: `assay_expert=${/assay_expert=([^;]+)/.exec(String(login.headers['set-cookie']))![1]}` };
    const elsewhere = await inject('GET', draftUrl(id), cookie);
    expect(elsewhere.json()).toMatchObject({
      draft: { reasons: 'Promising, but it needs animal data.', verdicts: { novelty: { verdict: 'strong' } } },
      revision: 2,
    });
    expect(Date.parse(elsewhere.json<{ saved_at: string }>().saved_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('belongs to the assigned expert only: another expert, a member, anyone signed out get nothing', async () => {
    const { m, id } = await acceptedRequest();
    expect((await saveDraft(expert, id)).statusCode).toBe(200);
    for (const res of [await readDraft(other, id), await saveDraft(other, id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Not found' });
    }
    // The expert's cookie is an expert's credential only; a member's bearer token is not one.
    expect((await inject('GET', draftUrl(id), m.auth)).statusCode).toBe(401);
    expect((await inject('PUT', draftUrl(id), m.auth, DRAFT)).statusCode).toBe(401);
    expect((await inject('GET', draftUrl(id), {})).statusCode).toBe(401);
    // Unknown and malformed ids are a 404 as well, never a 500.
    expect((await readDraft(expert, crypto.randomUUID())).statusCode).toBe(404);
    expect((await readDraft(expert, 'not-a-uuid')).statusCode).toBe(404);
    // The other expert's attempt changed nothing.
    expect((await readDraft(expert, id)).json()).toMatchObject({ revision: 1 });
  });

  it('opens only once the review is accepted, and is gone once it is delivered', async () => {
    const { m, id } = await acceptedRequest(expert, { accept: false });
    for (const res of [await readDraft(expert, id), await saveDraft(expert, id)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ detail: 'Drafts are kept only while you are reviewing an accepted request' });
    }
    expect(await draftRows(id)).toBe(0);

    expect((await asExpert(t, expert, 'POST', `/api/expert/assignments/${id}/accept`)).statusCode).toBe(200);
    expect((await saveDraft(expert, id)).statusCode).toBe(200);
    expect(await draftRows(id)).toBe(1);
    const delivered = await asExpert(t, expert, 'POST', `/api/expert/assignments/${id}/review`, REVIEW);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await draftRows(id)).toBe(0);
    expect((await readDraft(expert, id)).statusCode).toBe(409);
    expect((await saveDraft(expert, id)).statusCode).toBe(409);
    expect(await draftRows(id)).toBe(0);
    expect((await holdOf(t.db, id)).captured).toBe(true);
    void m;
  });

  it('is gone when an operator cancels the accepted review', async () => {
    const { id } = await acceptedRequest();
    expect((await saveDraft(expert, id)).statusCode).toBe(200);
    expect((await inject('POST', `/api/admin/review-requests/${id}/cancel`, ops)).statusCode).toBe(200);
    expect(await draftRows(id)).toBe(0);
    expect((await readDraft(expert, id)).statusCode).toBe(409);
  });

  it('is bounded like the review, and refuses control characters and sections the report does not have', async () => {
    const { id } = await acceptedRequest();
    const cases: Array<[object, number, RegExp]> = [
      [{ ...DRAFT, reasons: 'x'.repeat(8001) }, 422, /8,000 characters/],
      [{ ...DRAFT, answers: 'x'.repeat(8001) }, 422, /8,000 characters/],
      [{ ...DRAFT, verdicts: { ...DRAFT.verdicts, market: { verdict: 'adequate', note: 'x'.repeat(2001) } } }, 422, /./],
      [{ ...DRAFT, comments: [{ section: 'technology', text: 'x'.repeat(2001) }] }, 422, /2,000 characters/],
      [{ ...DRAFT, comments: Array.from({ length: 41 }, () => ({ section: 'technology', text: 'Fine.' })) }, 422, /40 comments/],
      [{ ...DRAFT, comments: [{ section: 'not_a_section', text: 'Fine.' }] }, 422, /sections/],
      [{ ...DRAFT, reasons: 'bad\u0000byte' }, 422, /./],
      [{ ...DRAFT, recommendation: 'maybe' }, 422, /./],
      // A section of the Comprehensive tier on a Basic report: a section key, but not this report's.
      [
        {
          ...DRAFT,
          comments: [
            { section: 'technology', text: 'Fine.' },
            { section: 'claims_analysis', text: 'Fine.' },
          ],
        },
        400,
        /^Comment 2 is on a section a Basic report does not have: choose one of this report’s sections$/,
      ],
    ];
    for (const [body, status, detail] of cases) {
      const res = await saveDraft(expert, id, body);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
      expect(res.json<{ detail: string }>().detail).toMatch(detail);
    }
    expect(await draftRows(id)).toBe(0);
    // At the bounds it is kept.
    const full = await saveDraft(expert, id, {
      ...DRAFT,
      reasons: 'r'.repeat(8000),
      answers: 'a'.repeat(8000),
      comments: Array.from({ length: 40 }, () => ({ section: 'risks', text: 'c'.repeat(2000) })),
    });
    expect(full.statusCode, full.body.slice(0, 300)).toBe(200);
  });
});

describe('comments anchored to sections', () => {
  it('are delivered with the review, in the order written, and the member and the expert read them', async () => {
    const { m, id } = await acceptedRequest(expert, { body: { sections: ['technology', 'ip_snapshot'], questions: 'Novel?' } });
    const comments = [
      { section: 'ip_snapshot', text: 'Search the silver-release patents first.' },
      { section: 'technology', text: 'Say what triggers the release.\nAnd at what pH.' },
      // Any section of the report's tier, not only those the member chose.
      { section: 'risks', text: 'Add the regulatory route for a combination product.' },
    ];
    const res = await asExpert(t, expert, 'POST', `/api/expert/assignments/${id}/review`, {
      ...REVIEW,
      comments: [...comments, { section: 'problem', text: '  trimmed  ' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = [...comments, { section: 'problem', text: 'trimmed' }];
    expect(res.json<{ review: { comments: unknown } }>().review.comments).toEqual(expected);
    const list = await t.app.inject({ method: 'GET', url: '/api/review-requests', headers: m.auth });
    expect(list.json<{ requests: ReviewRequestView[] }>().requests.find((r) => r.id === id)!.review!.comments).toEqual(expected);
    // Immutable, like the review they belong to.
    await expect(t.db.query(`UPDATE expert_review_comments SET body = 'changed' WHERE request_id = $1`, [id])).rejects.toThrow(/immutable/);
  });

  it('on a section the report does not have, or left empty, deliver nothing: the review stays accepted and its tokens held', async () => {
    const { id } = await acceptedRequest();
    const wrongTier = await asExpert(t, expert, 'POST', `/api/expert/assignments/${id}/review`, {
      ...REVIEW,
      comments: [{ section: 'roi_5_year', text: 'Fine.' }],
    });
    expect(wrongTier.statusCode).toBe(400);
    expect(wrongTier.json()).toMatchObject({
      detail: 'Comment 1 is on a section a Basic report does not have: choose one of this report’s sections',
    });
    const empty = await asExpert(t, expert, 'POST', `/api/expert/assignments/${id}/review`, {
      ...REVIEW,
      comments: [{ section: 'technology', text: '   ' }],
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ detail: string }>().detail).toMatch(/Write each comment, or remove it/);
    const state = (await t.db.query<{ state: string }>('SELECT state FROM review_requests WHERE id = $1', [id])).rows[0]!.state;
    expect(state).toBe('accepted');
    expect((await holdOf(t.db, id)).state).toBe('held');
    expect((await t.db.query('SELECT 1 FROM expert_reviews WHERE request_id = $1', [id])).rows).toEqual([]);
  });

  it('a Comprehensive report takes comments on its own sections', async () => {
    const { id } = await acceptedRequest(expert, { complexity: 'comprehensive' });
    const res = await asExpert(t, expert, 'POST', `/api/expert/assignments/${id}/review`, {
      ...REVIEW,
      comments: [{ section: 'claims_analysis', text: 'Claim 1 reads on the prior art.' }],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the reviewed PDF', () => {
  const files = (id: string) => {
    const folder = path.join(t.config.DATA_DIR, 'files', 'reviews', id);
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const pdfText = (pdf: Buffer, name: string) => {
    const file = path.join(dir, `${name}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  };
  const download = (id: string, m: Member) => t.app.inject({ method: 'GET', url: `/api/review-requests/${id}/pdf`, headers: m.auth });
  const storedKey = async (id: string) =>
    (await t.db.query<{ pdf_key: string | null }>('SELECT pdf_key FROM reviewed_pdfs WHERE request_id = $1', [id])).rows[0]?.pdf_key ??
    undefined;

  /** A real report (the offline analyst, through the worker), reviewed and delivered with comments. */
  async function deliveredReal() {
    const m = await signUpAndLogin(t);
    const report = await completedReport(t, m);
    expect(report.status).toBe('completed');
    const created = await requestReview(t, m, report.id, { sections: ['technology'], questions: 'Is the silver release claim novel?' });
    const id = created.json<ReviewRequestView>().id;
    expect((await assign(t, id, expert.id)).statusCode).toBe(200);
    expect((await asExpert(t, expert, 'POST', `/api/expert/assignments/${id}/accept`)).statusCode).toBe(200);
    const notYet = await download(id, m);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ detail: 'The reviewed PDF is ready once the expert has delivered the review' });
    const comments = [
      { section: 'ip_snapshot', text: 'Search the silver-release patents of the 2010s first.' },
      { section: 'technology', text: 'Say what triggers the release.' },
    ];
    expect((await asExpert(t, expert, 'POST', `/api/expert/assignments/${id}/review`, { ...REVIEW, comments })).statusCode).toBe(200);
    return { m, id, reportId: report.id };
  }

  it('is drawn once at delivery and stored: the report with an “Expert review” section signed with the expert’s name and RTTP number', async () => {
    const { m, id } = await deliveredReal();
    // The delivery's job draws it off the request path.
    const key = await waitFor(() => storedKey(id), 60_000);
    expect(files(id)).toEqual([path.basename(key)]);

    const res = await download(id, m);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*expert review\.pdf"/);
    const text = pdfText(res.rawPayload, 'first');
    expect(text).toContain('Expert review Rosalind Franklin, RTTP RTTP-0451 · delivered');
    expect(text).toContain('Recommendation: Hold for data');
    expect(text).toContain('Scope: the sections the member asked about — 3 · The Technology');
    expect(text).toMatch(/Novelty Strong No prior art on triggered release that I know of\./);
    expect(text).toContain('Is the silver release claim novel?');
    expect(text).toContain('Yes, the triggered release appears novel.');
    expect(text).toContain(
      'Comments on sections Section 3 · The Technology • Say what triggers the release. Section 6 · IP Snapshot • Search the silver-release patents of the 2010s first.',
    );
    expect(text).toMatch(/Signed Rosalind Franklin RTTP certification number RTTP-0451 Delivered \w{3} \d{1,2}, \d{4}/);
    // The whole report follows, as the member's own PDF has it.
    expect(text).toContain('Section 1 of 15');
    expect(text).toContain('Disclaimer');

    // Served from the store after: the same bytes, nothing drawn again.
    const again = await download(id, m);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(await storedKey(id)).toBe(key);
    expect(files(id)).toHaveLength(1);
    // The stored document cannot be swapped.
    await expect(t.db.query(`UPDATE reviewed_pdfs SET pdf_key = 'reviews/x.pdf' WHERE request_id = $1`, [id])).rejects.toThrow(/immutable/);
  }, 180_000);

  it('is the member’s own: another member gets a 404, an expert’s cookie or no sign-in a 401', async () => {
    const { id } = await deliveredReal();
    const stranger = await signUpAndLogin(t);
    const res = await download(id, stranger);
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/review-requests/${id}/pdf`, headers: expert.cookie })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/review-requests/${id}/pdf` })).statusCode).toBe(401);
    expect((await download(crypto.randomUUID(), stranger)).statusCode).toBe(404);
    expect((await download('nope', stranger)).statusCode).toBe(404);
  }, 180_000);

  it('not stored yet (the job failed, or the review is older than reviewed PDFs): two first downloads at once draw it, one file is kept', async () => {
    const { m, id } = await deliveredReal();
    const key = await waitFor(() => storedKey(id), 60_000);
    // As if delivered before this existed: no row, no file.
    await t.db.query('DELETE FROM reviewed_pdfs WHERE request_id = $1', [id]);
    await t.deps.blobs.delete(key);
    const [a, b] = await Promise.all([download(id, m), download(id, m)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(pdfText(a.rawPayload, 'late-a')).toContain('Signed Rosalind Franklin RTTP certification number RTTP-0451');
    expect(pdfText(b.rawPayload, 'late-b')).toContain('Signed Rosalind Franklin RTTP certification number RTTP-0451');
    const stored = await storedKey(id);
    expect(stored).toBeTruthy();
    expect(files(id)).toEqual([path.basename(stored!)]);
    expect((await download(id, m)).rawPayload.equals(a.rawPayload) || (await download(id, m)).rawPayload.equals(b.rawPayload)).toBe(true);
  }, 180_000);

  it('goes with the report: deleting the report deletes its file', async () => {
    const { m, id, reportId } = await deliveredReal();
    await waitFor(() => storedKey(id), 60_000);
    expect(files(id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reports/${reportId}`, headers: m.auth })).statusCode).toBe(200);
    expect(files(id)).toHaveLength(0);
    expect((await download(id, m)).statusCode).toBe(404);
  }, 180_000);

  it('a report version without a confirmed record cannot be drawn: a clear 409, not a 500', async () => {
    const { m, reportId, id } = await acceptedRequest();
    // Reports from before the confirmed record (decision 220's migration) have versions without one.
    await t.db.query('ALTER TABLE report_versions DISABLE TRIGGER report_versions_immutable');
    await t.db.query('UPDATE report_versions SET record = NULL WHERE report_id = $1', [reportId]);
    await t.db.query('ALTER TABLE report_versions ENABLE TRIGGER report_versions_immutable');
    expect((await asExpert(t, expert, 'POST', `/api/expert/assignments/${id}/review`, REVIEW)).statusCode).toBe(200);
    const res = await download(id, m);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: 'The reviewed PDF cannot be made for this report' });
    expect(files(id)).toEqual([]);
  });
});
