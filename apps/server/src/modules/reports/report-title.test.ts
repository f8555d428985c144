import type { Report } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { composeMail } from '../mail/index.ts';

/** Issue 26: a right-to-left override in an idea must not flip the report's title for others. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('report titles', () => {
  it('carry no bidi overrides, whether from the idea or written later by the outline', async () => {
    const m = await signUpAndLogin(t);
    const idea =
      'A solar \u202Eretaw\u202C purifier for \u2067remote\u2069 villages that needs no grid power and filters bacteria with sunlight in a day.';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports/generate',
      headers: m.auth,
      payload: { idea, complexity: 'basic' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<Report>();
    expect(report.title).toContain('solar retaw purifier');
    expect(report.title).not.toMatch(BIDI);

    // Any later write of the title (the outline's, the finished report's) goes through the column's trigger.
    await t.db.query('UPDATE reports SET title = $2 WHERE id = $1', [report.id, 'Solar \u202Eretaw\u202C purifier \u200f\u061c']);
    const stored = (await t.db.query<{ title: string }>('SELECT title FROM reports WHERE id = $1', [report.id])).rows[0]!.title;
    expect(stored).toBe('Solar retaw purifier ');
    const listed = (await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}`, headers: m.auth })).json<Report>();
    expect(listed.title).not.toMatch(BIDI);
  });

  it('are shown without bidi overrides in e-mail subjects too', () => {
    const mail = composeMail({ PUBLIC_URL: 'http://localhost:3000' }, 'grace@example.com', 'reportReady', {
      name: 'Grace',
      reportId: '00000000-0000-4000-8000-000000000000',
      title: 'Solar \u202Eretaw\u202C purifier',
    });
    expect(mail.subject).not.toMatch(BIDI);
  });
});
