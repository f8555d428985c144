import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { basicAuthorization } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, overflowsSideways, PHONE, signInMember, watchErrors } from './support/browser.ts';
import { apiOf, MEMBER_PASSWORD, memberWithReport } from './support/members.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/**
 * Issue 28 in the browser (decision 230), at phone and desktop width: a member requests an expert
 * review of a report (price and balance after before confirming), the operator assigns it from the
 * review queue, the expert takes up the invitation, accepts the undertaking and the review, and
 * delivers it; the member sees it beside the report. The expert's form saves a draft as they
 * write (a reload brings it back) and carries a comment on a section; the member downloads the
 * reviewed PDF (decision 233).
 */
const OPERATOR = { username: 'ops', password: 'operator-password-123' };
const e2e = serverAndBrowser({ SIGNUP_BONUS_TOKENS: '20000', ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password });
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};
const ops = { authorization: basicAuthorization(OPERATOR.username, OPERATOR.password) };
const api = apiOf(() => e2e.server);

describe('expert review, in the browser', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${width}: request (priced) → operator assigns → expert accepts and delivers → the member reads it`, async () => {
      const member = await memberWithReport(e2e.server, `Rachel Carson ${width}`);
      const expertEmail = `expert.${width}.${Date.now()}@example.com`;
      const invited = await api('/admin/experts', {
        method: 'POST',
        headers: ops,
        body: JSON.stringify({
          email: expertEmail,
          name: `Rosalind Franklin ${width}`,
          fields: ['water quality'],
          languages: ['en'],
          country: 'GB',
          rttp_number: 'RTTP-0451',
          rates: { basic: 3000, advanced: 4500, comprehensive: 6000 },
          capacity: 3,
        }),
      });
      expect(invited.status).toBe(201);

      // 0. The expert: the invitation link from the mailbox, a password, the undertaking (only an
      // expert who has set a password can be assigned, decision 230).
      const mail = await e2e.server.readMail(expertEmail, 20_000, /invited/);
      // The mail is quoted-printable: soft line breaks joined, '=3D' read as '='.
      const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1]!;
      const ex = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const exErrors = watchErrors(ex);
      await ex.goto(`${e2e.server.url}/expert/invitation?token=${token}`);
      await ex.getByLabel('New password').fill('Franklin1953ok');
      await ex.getByRole('button', { name: 'Set password and sign in' }).click();
      await ex.getByRole('heading', { name: 'Confidentiality undertaking' }).waitFor();
      expect(await axeViolations(ex)).toEqual([]);
      await ex.getByRole('button', { name: 'I accept the undertaking' }).click();

      // 1. The member: "Request an expert review" → scope and questions → price and balance after → confirm.
      const page = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const errors = watchErrors(page);
      await signInMember(page, e2e.server.url, member.email, MEMBER_PASSWORD);
      await page.goto(`${e2e.server.url}/reports?report=${member.id}`);
      const details = page.getByRole('dialog', { name: 'Report details' });
      const review = details.getByTestId('expert-review');
      await review.getByRole('button', { name: 'Request an expert review' }).click();
      await review.getByLabel('Your questions for the expert (optional)').fill('Is a smartphone-read lead strip patentable here?');
      await review.getByRole('button', { name: 'Continue' }).click();
      await review.getByTestId('action-price').getByText('5,000 tokens').waitFor();
      expect(await review.getByTestId('action-balance-after').textContent()).toBe('12,500 tokens');
      expect(await axeViolations(page)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `expert-${width}-1-member-confirm`);
      await review.getByRole('button', { name: 'Confirm and hold the tokens' }).click();
      await review.getByText('Waiting for an expert').waitFor();

      // 2. The operator: the review queue, an expert chosen, Assign.
      const admin = await e2e.browser.newPage({ viewport, bypassCSP: true });
      await admin.goto(`${e2e.server.url}/admin`);
      await admin.getByLabel('Username').fill(OPERATOR.username);
      await admin.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
      await admin.getByRole('button', { name: 'Sign in' }).click();
      await admin.getByText('Admin login successful').waitFor();
      await admin.goto(`${e2e.server.url}/admin?tab=reviews`);
      const row = admin.getByTestId('review-row').filter({ hasText: member.email });
      await row.getByLabel('Expert').selectOption({ label: `Rosalind Franklin ${width} (0/3)` });
      expect(await axeViolations(admin)).toEqual([]);
      expect(await overflowsSideways(admin)).toBe(false);
      await shot(admin, `expert-${width}-2-operator-queue`);
      await row.getByRole('button', { name: 'Assign' }).click();
      await row.getByText(/Offered to an expert/).waitFor();

      // 3. The expert, offered the review, opens it.
      await ex.reload();
      await ex.getByRole('button', { name: /Open the review of/ }).click();
      // By when to accept (decision 227), in the shared date format.
      await ex
        .getByTestId('offer-deadline')
        .getByText(/^Accept by /)
        .waitFor();
      await ex.getByRole('button', { name: 'Accept the review' }).click();
      await ex.getByRole('heading', { name: 'The invention record' }).waitFor();
      await ex.getByText('Is a smartphone-read lead strip patentable here?').waitFor();
      let form = ex.getByRole('form', { name: 'Your review' });
      await form.getByLabel('Reasons').fill('Good sensitivity, but field data from utilities is needed before licensing.');
      await form.getByLabel('Recommendation').selectOption('hold_for_data');
      // The draft saves itself (decision 233): a moment after typing stops, announced politely.
      await form
        .getByTestId('draft-status')
        .getByText(/^Saved \d/)
        .waitFor({ timeout: 15_000 });
      // Reload (another sitting, as on another device): the draft comes back.
      await ex.reload();
      await ex.getByRole('button', { name: /Open the review of/ }).click();
      form = ex.getByRole('form', { name: 'Your review' });
      await form
        .getByTestId('draft-status')
        .getByText(/^Draft restored, saved \d/)
        .waitFor();
      expect(await form.getByLabel('Reasons').inputValue()).toBe(
        'Good sensitivity, but field data from utilities is needed before licensing.',
      );
      await form.getByLabel('Answers to the member’s questions').fill('The reading method may be claimable; the strip chemistry is known.');
      // A comment on a section: the one the member did not pick still can take it; here the report's IP Snapshot.
      await form.getByRole('button', { name: 'Add a comment on a section' }).click();
      await form.getByLabel('Section of comment 1').selectOption('ip_snapshot');
      await form
        .getByLabel('Comment 1', { exact: true })
        .fill('Search the colorimetric strip patents of the 2010s before the utility pilot.');
      await form
        .getByTestId('draft-status')
        .getByText(/^Saved \d/)
        .waitFor({ timeout: 15_000 });
      expect(await axeViolations(ex)).toEqual([]);
      expect(await overflowsSideways(ex)).toBe(false);
      await shot(ex, `expert-${width}-3-review-form`);
      await form.getByRole('button', { name: 'Deliver the review' }).click();
      await ex.getByText('Your delivered review').waitFor();

      // 4. The member reads it beside the report.
      await page.reload();
      const delivered = page.getByRole('dialog', { name: 'Report details' }).getByTestId('delivered-review');
      await delivered.getByText('Recommendation: Hold for data').waitFor();
      await delivered.getByText(`By Rosalind Franklin ${width}, RTTP RTTP-0451`, { exact: false }).waitFor();
      // The comment beside the report, under its section.
      const comments = delivered.getByTestId('review-section-comments');
      await comments.getByText('6. IP Snapshot').waitFor();
      await comments.getByText('Search the colorimetric strip patents of the 2010s before the utility pilot.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `expert-${width}-4-member-review`);
      // The comments and the download sit below the verdicts, inside the scrolling dialog: bring them into the picture.
      await delivered.getByRole('button', { name: 'Download the reviewed PDF' }).scrollIntoViewIfNeeded();
      await shot(page, `expert-${width}-4b-member-review-comments`);
      // The reviewed PDF: the report with the review in its own section, signed with the expert's name and certification.
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        delivered.getByRole('button', { name: 'Download the reviewed PDF' }).click(),
      ]);
      expect(pdf.suggestedFilename()).toMatch(/ — expert review\.pdf$/);
      const text = execFileSync('pdftotext', ['-layout', await pdf.path(), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('Recommendation: Hold for data');
      expect(text).toContain('Section 6 · IP Snapshot • Search the colorimetric strip patents of the 2010s before the utility pilot.');
      expect(text).toContain(`Signed Rosalind Franklin ${width} RTTP certification number RTTP-0451`);

      // 5. The member rates it (decision 232): the star radios by their labels; the operator's row
      // and the expert's list show the stars.
      const rating = delivered.getByTestId('review-rating-form');
      await rating.locator('label', { hasText: '4 stars' }).click();
      expect(await rating.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
      await rating.getByLabel('Comment (optional)').fill('Clear about what utilities will ask for.');
      expect(await axeViolations(page)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);
      // The form sits below the review, inside the scrolling dialog: bring it into the picture.
      await rating.scrollIntoViewIfNeeded();
      await shot(page, `expert-${width}-5-member-rating`);
      await rating.getByRole('button', { name: 'Send the rating' }).click();
      await delivered.getByTestId('review-rating').getByRole('img', { name: 'Rated 4 of 5 stars' }).waitFor();
      await admin.reload();
      await admin.getByTestId('review-row').filter({ hasText: member.email }).getByRole('img', { name: 'Rated 4 of 5 stars' }).waitFor();
      expect(await axeViolations(admin)).toEqual([]);
      await ex.reload();
      await ex.getByTestId('member-rating').getByText('Clear about what utilities will ask for.').waitFor();
      expect(await axeViolations(ex)).toEqual([]);
      expect(errors).toEqual([]);
      expect(exErrors).toEqual([]);
      await Promise.all([page.close(), admin.close(), ex.close()]);
    }, 300_000);
  }
});
