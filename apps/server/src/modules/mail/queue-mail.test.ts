import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { MAIL_TEMPLATES } from './catalogue.ts';
import { composeMail, queueMail } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_RETRY_DELAY_SECONDS: '1' });
  await t.startWorker();
});
afterAll(() => t.close());

const failed = (to: string) => composeMail(t.config, to, 'dataExportFailed', { name: 'Ann' });
const mailJobs = async (to: string) =>
  (
    await t.db.query<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1`,
      [to],
    )
  ).rows;

describe('queueMail', () => {
  it('sends a mail queued in a committed transaction, with its attachment read from the blob store', async () => {
    await t.deps.blobs.put('test/receipt.txt', Buffer.from('receipt body'), 'text/plain');
    const receipt = composeMail(t.config, 'buyer@example.com', 'invoiceReceipt', MAIL_TEMPLATES.invoiceReceipt.sample);
    await t.db.transaction((tx) =>
      queueMail(t.deps.queue, tx, receipt, [{ filename: 'receipt.txt', contentType: 'text/plain', blobKey: 'test/receipt.txt' }]),
    );
    const mail = await t.smtp.lastTo('buyer@example.com', 10_000);
    expect(mail.subject).toBe(receipt.subject);
    // Both parts travel: the text and the layout's HTML.
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toContain('filename=receipt.txt');
    expect(mail.raw).toContain(Buffer.from('receipt body').toString('base64'));
  });

  it('sends nothing when the transaction that queued the mail rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await queueMail(t.deps.queue, tx, failed('never@example.com'));
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await mailJobs('never@example.com')).toHaveLength(0);
  });

  it('retries when the mail server refuses, without failing the transaction that queued it', async () => {
    t.smtp.failNext(1);
    await t.db.transaction((tx) => queueMail(t.deps.queue, tx, failed('later@example.com')));
    const mail = await t.smtp.lastTo('later@example.com', 20_000);
    expect(mail.subject).toBe(failed('later@example.com').subject);
    // One job, delivered on its second try.
    expect((await mailJobs('later@example.com')).map((j) => j.retry_count)).toEqual([1]);
  }, 30_000);

  it('refuses a malformed mail when it is queued, not when the worker finds it', async () => {
    await expect(t.db.transaction((tx) => queueMail(t.deps.queue, tx, failed('not an address')))).rejects.toThrow();
  });
});
