import { MSG, type Report } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, type Member } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const IDEA =
  'A biodegradable hydrogel wound dressing that releases silver ions on demand when a wound becomes infected, tested in a lab prototype.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inject = (m: Member, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: m.auth, ...(payload ? { payload } : {}) });
const rename = (m: Member, id: string, title: unknown) => inject(m, 'PATCH', `/api/reports/${id}`, { title });

async function waitForStatus(m: Member, id: string, timeoutMs = 60_000): Promise<Report> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = (await inject(m, 'GET', `/api/reports/${id}`)).json<Report>();
    if (r.status !== 'processing') return r;
    if (Date.now() > end) throw new Error(`report still processing: ${JSON.stringify(r.progress)}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

describe('PATCH /reports/:id', () => {
  let owner: Member;
  let report: Report;
  beforeAll(async () => {
    owner = await signUpAndLogin(t);
    // Renamed while it is still being written: the worker starts only after the rename.
    report = (await inject(owner, 'POST', '/api/reports/generate', { idea: IDEA, complexity: 'basic' })).json<Report>();
    const renamed = await rename(owner, report.id, '  Silver-ion hydrogel dressing  ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Report>()).toMatchObject({ id: report.id, title: 'Silver-ion hydrogel dressing', status: 'processing' });
    await t.startWorker();
    report = await waitForStatus(owner, report.id);
    expect(report.status).toBe('completed');
  });

  it('keeps a title given while the report was written, in the report and in the ready notice', async () => {
    expect(report.title).toBe('Silver-ion hydrogel dressing');
    const end = Date.now() + 20_000;
    const ready = () => t.smtp.received.find((m) => m.to.includes(owner.email) && m.subject.startsWith('Your report is ready'));
    while (!ready() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(ready()?.subject).toBe('Your report is ready: Silver-ion hydrogel dressing');
  });

  it('renames the download: the PDF’s file name follows the new title', async () => {
    const download = async () => (await inject(owner, 'GET', report.pdf_url!)).headers['content-disposition'];
    expect(await download()).toContain('filename="Silver-ion hydrogel dressing.pdf"');
    const res = await rename(owner, report.id, 'Pansement hydrogel à l’argent: v2');
    expect(res.statusCode).toBe(200);
    expect(res.json<Report>().title).toBe('Pansement hydrogel à l’argent: v2');
    const disposition = await download();
    // The plain name drops what ASCII cannot say and what a file name may not hold; the UTF-8 name keeps the letters.
    expect(disposition).toContain('filename="Pansement hydrogel a largent v2.pdf"');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Pansement hydrogel à l’argent v2.pdf')}`);
    expect((await inject(owner, 'GET', `/api/reports/${report.id}`)).json<Report>().title).toBe('Pansement hydrogel à l’argent: v2');
    const list = (await inject(owner, 'GET', '/api/reports')).json<{ reports: Report[] }>();
    expect(list.reports.find((r) => r.id === report.id)?.title).toBe('Pansement hydrogel à l’argent: v2');
  });

  it('answers 404 for another member’s report and changes nothing', async () => {
    const other = await signUpAndLogin(t);
    const before = (await inject(owner, 'GET', `/api/reports/${report.id}`)).json<Report>().title;
    const res = await rename(other, report.id, 'Mine now');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Report not found');
    expect((await inject(owner, 'GET', `/api/reports/${report.id}`)).json<Report>().title).toBe(before);
    expect((await rename(owner, crypto.randomUUID(), 'Nothing here')).statusCode).toBe(404);
    expect((await rename(owner, 'not-a-uuid', 'Nothing here')).statusCode).toBe(404);
  });

  it('needs a signed-in member', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/reports/${report.id}`, payload: { title: 'Anonymous' } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['an empty title', '', MSG.reportTitleRequired],
    ['only spaces', '   ', MSG.reportTitleRequired],
    ['no title', undefined, MSG.reportTitleRequired],
    ['201 characters', 'x'.repeat(201), MSG.reportTitleTooLong],
    ['a control character', 'Dressing\u0007', MSG.textControlCharacters],
    ['a line break', 'Dressing\nv2', MSG.textControlCharacters],
    ['a right-to-left override', 'Dressing \u202egnp.exe', MSG.textBidiControls],
    ['an isolate', 'Dressing \u2066v2\u2069', MSG.textBidiControls],
    ['a number', 42, MSG.reportTitleRequired],
  ])('refuses %s with a detail and keeps the title', async (_name, title, detail) => {
    const before = (await inject(owner, 'GET', `/api/reports/${report.id}`)).json<Report>().title;
    const res = await rename(owner, report.id, title);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
    expect((await inject(owner, 'GET', `/api/reports/${report.id}`)).json<Report>().title).toBe(before);
  });

  it('takes 200 characters', async () => {
    const res = await rename(owner, report.id, 'y'.repeat(200));
    expect(res.statusCode).toBe(200);
    expect(res.json<Report>().title).toBe('y'.repeat(200));
  });
});
