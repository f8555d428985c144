import { EXPERT_ACCESS_MESSAGES, EXPERT_MESSAGES, type ExpertApplicationRequest, type ExpertApplicationView } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, uniqueEmail } from '../../../test/members.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { createReviewTestApp, expertInput, ops, waitFor } from './test-support.ts';

/** Decision 235: Join as Expert — the public application, and the operators' invite or decline. */
const PER_ADDRESS = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createReviewTestApp({ CONTACT_RATE_LIMIT: String(PER_ADDRESS) });
  await t.startWorker();
}, 300_000);
afterAll(() => t.close());

let ipCounter = 0;
const nextIp = () => `192.0.2.${++ipCounter}`;
const application = (over: Partial<ExpertApplicationRequest> = {}): ExpertApplicationRequest => ({
  name: 'Katalin Karikó',
  email: uniqueEmail('applicant'),
  fields: ['pharma_biotech', 'diagnostics'],
  languages: ['English', 'Hungarian'],
  country: 'hu',
  rttp_number: 'RTTP-7781',
  statement: 'Twenty years licensing mRNA platform patents from university labs to industry.',
  ...over,
});
const apply = (body: unknown, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/expert-applications', payload: body as object, remoteAddress: ip });
const list = async (state?: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/expert-applications${state ? `?state=${state}` : ''}`, headers: ops })).json<{
    applications: ExpertApplicationView[];
  }>().applications;
const byEmail = async (email: string) => (await list()).find((a) => a.email === email)!;
const invite = (a: ExpertApplicationView, over: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/experts',
    headers: ops,
    payload: {
      ...expertInput({
        email: a.email,
        name: a.name,
        fields: a.fields,
        languages: a.languages,
        country: a.country,
        rttp_number: a.rttp_number,
      }),
      application_id: a.id,
      ...over,
    },
  });
const decline = (id: string) => t.app.inject({ method: 'POST', url: `/api/admin/expert-applications/${id}/decline`, headers: ops });
const mailsTo = (to: string) => t.smtp.received.filter((r) => r.to.includes(to));
const auditRows = async (action: string, target: string) =>
  (
    await t.db.query<{ operator_username: string; details: Record<string, unknown> }>(
      'SELECT operator_username, details FROM operator_audit_log WHERE action = $1 AND target = $2',
      [action, target],
    )
  ).rows;

describe('applying to join the expert network', () => {
  it('stores a valid application, trimmed and normalised, without mailing anyone', async () => {
    const body = application({
      name: '  Katalin Karikó ',
      languages: ['English', 'english', ' Hungarian '],
      fields: ['diagnostics', 'diagnostics'],
    });
    const res = await apply(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: EXPERT_ACCESS_MESSAGES.applicationThanks });
    const a = await byEmail(body.email);
    expect(a).toMatchObject({
      name: 'Katalin Karikó',
      country: 'HU',
      fields: ['diagnostics'],
      languages: ['English', 'Hungarian'],
      state: 'pending',
      already_expert: false,
    });
    // Nothing is mailed from a public form: it cannot be used to send mail to strangers.
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(body.email)).toHaveLength(0);
  });

  it.each([
    ['no name', { name: '   ' }, 'name', 'Enter your name'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email', undefined],
    ['no field', { fields: [] }, 'fields', 'Choose at least one field of expertise'],
    ['an unknown field', { fields: ['alchemy'] }, 'fields.0', 'Choose from the listed fields'],
    ['no language', { languages: [] }, 'languages', 'Name the languages you review in'],
    ['eleven languages', { languages: Array.from({ length: 11 }, (_, i) => `Language ${i}`) }, 'languages', 'Name at most 10 languages'],
    ['an unknown country', { country: 'XX' }, 'country', 'Choose your country'],
    ['no RTTP number', { rttp_number: '' }, 'rttp_number', 'Enter your RTTP number'],
    ['a very long RTTP number', { rttp_number: 'R'.repeat(61) }, 'rttp_number', 'Keep the RTTP number to 60 characters'],
    [
      'a short statement',
      { statement: 'I know patents.' },
      'statement',
      'Tell us a little more about your experience (at least 20 characters)',
    ],
    ['a very long statement', { statement: 'x'.repeat(2001) }, 'statement', 'Keep it to 2,000 characters'],
    ['a control character', { rttp_number: 'RTTP\u0000-1' }, 'rttp_number', undefined],
  ])('refuses %s with a 422 and a detail naming the problem', async (_label, over, field, detail) => {
    const res = await apply(application(over as Partial<ExpertApplicationRequest>));
    expect(res.statusCode).toBe(422);
    const body = res.json<{ detail: string; errors: Record<string, string> }>();
    expect(body.detail).toBeTruthy();
    expect(Object.keys(body.errors)).toContain(field);
    if (detail) expect(body.detail).toBe(detail);
  });

  it('a repeat while the first waits changes nothing and answers the same', async () => {
    const body = application();
    expect((await apply(body)).statusCode).toBe(201);
    const again = await apply({ ...body, name: 'Someone Else', statement: 'Please replace the application above with mine.' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ message: EXPERT_ACCESS_MESSAGES.applicationThanks });
    const rows = (await list()).filter((a) => a.email === body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Katalin Karikó');
  });

  it(`each address sends ${PER_ADDRESS} valid applications a window (429 with Retry-After), counted apart from the contact form; invalid ones do not count`, async () => {
    const ip = '192.0.2.250';
    for (let i = 0; i < 2; i++) expect((await apply(application({ statement: 'short' }), ip)).statusCode).toBe(422);
    for (let i = 0; i < PER_ADDRESS; i++) expect((await apply(application(), ip)).statusCode).toBe(201);
    const held = await apply(application(), ip);
    expect(held.statusCode).toBe(429);
    expect(held.json().detail).toBe(EXPERT_ACCESS_MESSAGES.applicationTooMany);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // The contact form from the same address is not held back by it.
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: ip,
      payload: { name: 'Ada', email: 'ada@example.com', phone: '+44 20 7946 0000', message: 'A question about expert reviews.' },
    });
    expect(contact.statusCode).toBe(200);
  });

  it('only operators list and decide: a member or a visitor gets 401', async () => {
    const m = await signUpAndLogin(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/expert-applications', headers: m.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/expert-applications' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/expert-applications/${crypto.randomUUID()}/decline`, headers: m.auth }))
        .statusCode,
    ).toBe(401);
  });
});

describe('the operators invite or decline', () => {
  it('inviting from an application makes the expert with its details, marks it invited, mails the invitation and is audited; a second invite is refused clearly', async () => {
    const body = application();
    await apply(body);
    const a = await byEmail(body.email);
    const res = await invite(a);
    expect(res.statusCode, res.body).toBe(201);
    const { expert } = res.json<{ expert: { id: string; email: string; rttp_number: string; state: string } }>();
    expect(expert).toMatchObject({ email: body.email, rttp_number: 'RTTP-7781', state: 'invited' });
    expect(await byEmail(body.email)).toMatchObject({ state: 'invited', expert_id: expert.id, already_expert: true });
    const audit = await auditRows('expert.invite', `expert:${expert.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_username: 'ops', details: { application_id: a.id } });
    await waitFor(async () => mailsTo(body.email).find((m) => /invited/.test(m.subject)), 20_000);

    const again = await invite(a);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'application_invited', detail: EXPERT_ACCESS_MESSAGES.applicationInvited });
    expect((await t.db.query('SELECT 1 FROM experts WHERE email = $1', [body.email])).rows).toHaveLength(1);
    // Declining an invited application is refused too.
    expect((await decline(a.id)).statusCode).toBe(409);
  });

  it('an applicant who is already an expert is flagged, and inviting them is refused with a clear 409 (the application stays waiting)', async () => {
    const email = uniqueEmail('already');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/experts', headers: ops, payload: expertInput({ email }) })).statusCode,
    ).toBe(201);
    await apply(application({ email }));
    const a = await byEmail(email);
    expect(a.already_expert).toBe(true);
    const res = await invite(a);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'expert_exists', detail: EXPERT_MESSAGES.emailTaken });
    expect((await byEmail(email)).state).toBe('pending');
  });

  it('the invitation must go to the applicant’s own address; unknown and malformed ids are a 404', async () => {
    const body = application();
    await apply(body);
    const a = await byEmail(body.email);
    const other = await invite(a, { email: uniqueEmail('someone.else') });
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toBe(EXPERT_ACCESS_MESSAGES.applicationEmailDiffers);
    expect((await invite({ ...a, id: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await invite({ ...a, id: 'not-a-uuid' })).statusCode).toBe(404);
    expect((await decline('not-a-uuid')).statusCode).toBe(404);
    // Nothing was made by the refused attempts.
    expect((await t.db.query('SELECT 1 FROM experts WHERE email = $1', [body.email])).rows).toHaveLength(0);
  });

  it('declining mails the applicant once and is audited; a repeat answers the same and mails nothing; a declined one cannot be invited; they may apply again', async () => {
    const body = application();
    await apply(body);
    const a = await byEmail(body.email);
    const res = await decline(a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, state: 'declined', expert_id: null });
    expect(res.json<ExpertApplicationView>().decided_at).toBeTruthy();
    expect(await auditRows('expert.application_declined', `expert_application:${a.id}`)).toHaveLength(1);
    const mail = await waitFor(async () => mailsTo(body.email).find((m) => /application/.test(m.subject)), 20_000);
    expect(mail.raw).toMatch(/not able to invite you/);

    expect((await decline(a.id)).json()).toMatchObject({ state: 'declined' });
    expect((await invite(a)).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(body.email)).toHaveLength(1);
    expect(await auditRows('expert.application_declined', `expert_application:${a.id}`)).toHaveLength(1);

    // Declined is not banned: a new application waits again.
    expect((await apply(body)).statusCode).toBe(201);
    expect((await list('pending')).filter((x) => x.email === body.email)).toHaveLength(1);
  });

  it('lists waiting applications first, and filters by state', async () => {
    const all = await list();
    const firstDecided = all.findIndex((a) => a.state !== 'pending');
    expect(all.slice(firstDecided).every((a) => a.state !== 'pending')).toBe(true);
    expect((await list('declined')).every((a) => a.state === 'declined')).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/expert-applications?state=maybe', headers: ops });
    expect(bad.statusCode).toBe(422);
  });
});
