import { basicAuthorization } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { giveBillingCountry } from './support/billing.ts';
import { DESKTOP, overflowsSideways, PHONE, signInMember, watchErrors, widthShot } from './support/browser.ts';
import { apiOf, MEMBER_PASSWORD, memberWithReport } from './support/members.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/**
 * Decision 234 in the browser, at phone and desktop width: after a review is delivered the member
 * asks one round of follow-up questions (free), the expert is mailed, sees "follow-up asked" in the
 * portal and answers; the member is mailed and reads the answers under the review. The operator's
 * expert earnings show what the review earned the expert, and the payout is recorded.
 */
const OPERATOR = { username: 'ops', password: 'operator-password-123' };
const e2e = serverAndBrowser({ SIGNUP_BONUS_TOKENS: '20000', ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password });
const EXPERT_PASSWORD = 'Franklin1953ok';
const ops = { authorization: basicAuthorization(OPERATOR.username, OPERATOR.password) };
const api = apiOf(() => e2e.server);

/** An expert invited by the operator who has set a password and accepted the undertaking; their session cookie for API calls. */
async function expertReady(name: string, email: string) {
  const invited = await api('/admin/experts', {
    method: 'POST',
    headers: ops,
    body: JSON.stringify({
      email,
      name,
      fields: ['water quality'],
      languages: ['en'],
      country: 'GB',
      rttp_number: 'RTTP-0451',
      rates: { basic: 3000, advanced: 4500, comprehensive: 6000 },
      capacity: 3,
    }),
  });
  expect(invited.status).toBe(201);
  const token = new URL(((await invited.json()) as { invitation_url: string }).invitation_url).searchParams.get('token')!;
  const accepted = await api('/expert/invitation', { method: 'POST', body: JSON.stringify({ token, password: EXPERT_PASSWORD }) });
  expect(accepted.status).toBe(200);
  const cookie = /assay_expert=[^;]+/.exec(accepted.headers.get('set-cookie') ?? '')![0];
  expect((await api('/expert/undertaking', { method: 'POST', headers: { cookie } })).status).toBe(200);
  return { id: ((await accepted.json()) as { id: string }).id, cookie };
}

describe('the follow-up round and expert earnings, in the browser', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${width}: the member asks a follow-up, the expert answers it, the operator sees the earning`, async () => {
      // A review delivered through the API: the flow up to delivery is expert-review.test.ts's.
      const member = await memberWithReport(e2e.server, `Rachel Carson ${width}`);
      const expertName = `Rosalind Franklin ${width}`;
      const expertEmail = `expert.fu.${width}.${Date.now()}@example.com`;
      const expert = await expertReady(expertName, expertEmail);
      const created = await api(`/reports/${member.id}/review-requests`, {
        method: 'POST',
        token: member.token,
        body: JSON.stringify({ questions: 'Is a smartphone-read lead strip patentable?' }),
      });
      expect(created.status).toBe(201);
      const requestId = ((await created.json()) as { id: string }).id;
      expect(
        (
          await api(`/admin/review-requests/${requestId}/assign`, {
            method: 'POST',
            headers: ops,
            body: JSON.stringify({ expert_id: expert.id }),
          })
        ).status,
      ).toBe(200);
      expect((await api(`/expert/assignments/${requestId}/accept`, { method: 'POST', headers: { cookie: expert.cookie } })).status).toBe(
        200,
      );
      const delivered = await api(`/expert/assignments/${requestId}/review`, {
        method: 'POST',
        headers: { cookie: expert.cookie },
        body: JSON.stringify({
          verdicts: {
            novelty: { verdict: 'strong' },
            market: { verdict: 'adequate' },
            maturity: { verdict: 'weak', note: 'Lab prototype.' },
            ip_route: { verdict: 'adequate' },
          },
          recommendation: 'hold_for_data',
          reasons: 'Good sensitivity; utilities will want field data.',
          answers: 'The reading method may be claimable.',
        }),
      });
      expect(delivered.status).toBe(200);

      // 1. The member asks two follow-up questions under the delivered review.
      const page = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const errors = watchErrors(page);
      await signInMember(page, e2e.server.url, member.email, MEMBER_PASSWORD);
      await page.goto(`${e2e.server.url}/reports?report=${member.id}`);
      const review = page.getByRole('dialog', { name: 'Report details' }).getByTestId('delivered-review');
      await review.getByText('one round of follow-up questions, at no charge').waitFor();
      await review.getByRole('button', { name: 'Ask follow-up questions' }).click();
      const form = review.getByTestId('follow-up-form');
      await form.getByLabel('Question 1', { exact: true }).fill('Would a method claim cover the phone app as well as the strip?');
      await form.getByRole('button', { name: 'Add another question' }).click();
      await form.getByLabel('Question 2', { exact: true }).fill('Which kind of licensee should I approach first?');
      await form.scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);
      await widthShot(page, 'follow-up-1-member-asks');
      await form.getByRole('button', { name: 'Send the questions' }).click();
      await review.getByTestId('follow-up-waiting').waitFor();

      // 2. The expert is mailed (without the member or the title), signs in, sees "follow-up asked" and answers.
      const asked = await e2e.server.readMail(expertEmail, 20_000, /Follow-up questions/);
      expect(asked.raw).not.toContain(member.email);
      const ex = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const exErrors = watchErrors(ex);
      await ex.goto(`${e2e.server.url}/expert`);
      await ex.getByLabel('E-mail').fill(expertEmail);
      await ex.getByLabel('Password', { exact: true }).fill(EXPERT_PASSWORD);
      await ex.getByRole('button', { name: 'Sign in' }).click();
      await ex.getByTestId('follow-up-badge').getByText('Follow-up asked: answer it').waitFor();
      await ex.getByTestId('expert-earnings').getByTestId('earnings-owed').getByText('3,000 tokens').waitFor();
      expect(await axeViolations(ex)).toEqual([]);
      await widthShot(ex, 'follow-up-2-expert-list');
      await ex.getByRole('button', { name: /Open the review of/ }).click();
      const answer = ex.getByRole('form', { name: 'Answer the follow-up questions' });
      await answer.getByLabel('Your answer to question 1').fill('Yes: claim the method of reading the strip, which covers the app.');
      await answer.getByLabel('Your answer to question 2').fill('A maker of water-testing kits with a utilities sales channel.');
      expect(await axeViolations(ex)).toEqual([]);
      expect(await overflowsSideways(ex)).toBe(false);
      await widthShot(ex, 'follow-up-3-expert-answers');
      await answer.getByRole('button', { name: 'Send the answers' }).click();
      await ex.getByTestId('expert-follow-up').getByText('Your answer:', { exact: false }).first().waitFor();

      // 3. The member is mailed and reads the answers under the review.
      expect((await e2e.server.readMail(member.email, 20_000, /follow-up questions are answered/)).raw).toContain(expertName);
      await page.reload();
      const answered = page.getByRole('dialog', { name: 'Report details' }).getByTestId('review-follow-up');
      await answered.getByText('A maker of water-testing kits with a utilities sales channel.').waitFor();
      expect(
        await page.getByRole('dialog', { name: 'Report details' }).getByRole('button', { name: 'Ask follow-up questions' }).count(),
      ).toBe(0);
      await answered.scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await widthShot(page, 'follow-up-4-member-reads');

      // 4. The operator: the expert's earning in the Expert Reviews tab, then the payout recorded.
      const admin = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const adminErrors = watchErrors(admin);
      await admin.goto(`${e2e.server.url}/admin`);
      await admin.getByLabel('Username').fill(OPERATOR.username);
      await admin.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
      await admin.getByRole('button', { name: 'Sign in' }).click();
      await admin.getByText('Admin login successful').waitFor();
      await admin.goto(`${e2e.server.url}/admin?tab=reviews`);
      const row = admin.getByTestId('earnings-row').filter({ hasText: expertName });
      await row.getByTestId('owed').getByText('3,000 tokens').waitFor();
      await row.getByRole('button', { name: `Record a payout to ${expertName}` }).click();
      await row.getByLabel('Payment reference (optional)').fill(`NEFT ${width}`);
      expect(await axeViolations(admin)).toEqual([]);
      expect(await overflowsSideways(admin)).toBe(false);
      // A full-page picture from the top, so the panel's sticky header is drawn where it belongs.
      await admin.evaluate('window.scrollTo(0, 0)');
      await widthShot(admin, 'follow-up-5-operator-earnings');
      await row.getByRole('button', { name: 'Record the payout' }).click();
      await row.getByTestId('owed').getByText('0 tokens').waitFor();
      await ex.reload();
      await ex.getByTestId('earnings-paid').getByText('3,000 tokens').waitFor();

      expect(errors).toEqual([]);
      expect(exErrors).toEqual([]);
      expect(adminErrors).toEqual([]);
      await Promise.all([page.close(), ex.close(), admin.close()]);
    }, 300_000);
  }
});

describe('buying the missing tokens for a review, in the browser', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${width}: a short balance offers the purchase; the sandbox payment opens the request`, async () => {
      const member = await memberWithReport(e2e.server, `Wangari Maathai ${width}`);
      // 20,000 to start, 2,500 spent on the report: leave 3,000, 2,000 short of a Basic review.
      const drain = await api(
        `/admin/users/${((await (await api('/users/me', { token: member.token })).json()) as { id: string }).id}/token-adjustments`,
        {
          method: 'POST',
          headers: { ...ops, 'idempotency-key': `drain-${width}-${Date.now()}` },
          body: JSON.stringify({ amount: -14_500, reason: 'e2e: a short balance' }),
        },
      );
      expect(drain.status).toBeLessThan(300);
      await giveBillingCountry(e2e.server.url, member.token);

      const page = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const errors = watchErrors(page);
      await signInMember(page, e2e.server.url, member.email, MEMBER_PASSWORD);
      await page.goto(`${e2e.server.url}/reports?report=${member.id}`);
      const review = page.getByRole('dialog', { name: 'Report details' }).getByTestId('expert-review');
      await review.getByRole('button', { name: 'Request an expert review' }).click();
      await review.getByLabel('Your questions for the expert (optional)').fill('Who would license a lead test strip?');
      await review.getByRole('button', { name: 'Continue' }).click();
      await review.getByText('You need 2,000 more tokens for this.').waitFor();
      const offer = review.getByTestId('buy-for-review');
      await offer.scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);
      await widthShot(page, 'review-purchase-1-short');

      await offer.getByRole('button', { name: 'Buy the missing tokens' }).click();
      const buy = page.getByRole('dialog', { name: 'Buy Tokens' });
      await buy.getByTestId('buy-for-review-intro').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await widthShot(page, 'review-purchase-2-packages');
      await buy.getByRole('button', { name: 'Buy Now: Starter package' }).click();
      const pay = page.getByRole('dialog', { name: 'Review your purchase' });
      const [popup] = await Promise.all([page.waitForEvent('popup'), pay.getByRole('button', { name: 'Proceed to payment' }).click()]);
      await popup.getByRole('button', { name: 'Approve' }).click();
      await review.getByTestId('review-bought').getByText('Tokens added and your expert review requested.', { exact: false }).waitFor();
      await review.getByTestId('review-request-open').getByText('Waiting for an expert').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await widthShot(page, 'review-purchase-3-requested');

      // The purchase's invoice names the review on its own line (its PDF is checked in review-purchase.test.ts).
      const { purchases } = (await (await api('/billing/purchases', { token: member.token })).json()) as {
        purchases: Array<{ invoice_number: string | null }>;
      };
      expect(purchases[0]?.invoice_number).toMatch(/^INV\//);
      expect(errors).toEqual([]);
      await page.close();
    }, 300_000);
  }
});
