import { type Report } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../test/members.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.startWorker();
});
afterAll(() => t.close());

/** One 1,160-character "word" (a pasted hash, URL or chemical name) inside an otherwise ordinary idea. */
const LONG_WORD = 'polymethylmethacrylate'.repeat(53).slice(0, 1160);

describe('an idea with a very long word', () => {
  it.each([
    ['inside the idea', `A self-cleaning coating for solar panels made of ${LONG_WORD} that sheds desert dust without water.`],
    [
      'opening the idea (the PDF cover has to break it)',
      `${LONG_WORD} is a self-cleaning coating for solar panels that sheds desert dust without water.`,
    ],
  ])('still becomes a completed report with a PDF, charged once: the word %s', async (_where, idea) => {
    const m = await signUpAndLogin(t);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/reports/generate',
      headers: m.auth,
      payload: { idea, complexity: 'basic' },
    });
    expect(started.statusCode).toBe(201);
    const id = started.json<Report>().id;
    let report = started.json<Report>();
    for (const end = Date.now() + 90_000; report.status === 'processing' && Date.now() < end;) {
      await new Promise((r) => setTimeout(r, 250));
      report = (await t.app.inject({ url: `/api/reports/${id}`, headers: m.auth })).json<Report>();
    }
    expect(report.error_message).toBeNull();
    expect(report.status).toBe('completed');
    const pdf = await t.app.inject({ url: report.pdf_url!, headers: m.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const tokens = await t.app.inject({ url: '/api/tokens/balance', headers: m.auth });
    expect(tokens.json().available_tokens).toBe(0);
  });
});
