import type { ExpertApplicationView } from '@assay/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, type Call } from '../../../test/http.ts';
import { adminCredentials } from '../lib/credentials.ts';
import { renderWithClient } from '../test-support.tsx';
import { ReviewsTab } from './ReviewsTab.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

spyOnToasts();
// jsdom lays nothing out: Invite scrolls the form into view in a browser.
Element.prototype.scrollIntoView ??= () => {};
afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
});

/** Join-as-Expert applications in the operators' experts view (decision 235). */
const application = (over: Partial<ExpertApplicationView> = {}): ExpertApplicationView => ({
  id: crypto.randomUUID(),
  name: 'Katalin Karikó',
  email: 'kati@example.com',
  fields: ['pharma_biotech', 'diagnostics'],
  languages: ['English', 'Hungarian'],
  country: 'HU',
  rttp_number: 'RTTP-7781',
  statement: 'Twenty years licensing mRNA platform patents.',
  state: 'pending',
  already_expert: false,
  expert_id: null,
  decided_at: null,
  created_at: '2026-11-28T10:00:00Z',
  ...over,
});

function serve(applications: ExpertApplicationView[], extra: Record<string, (c: Call) => Response> = {}) {
  adminCredentials.save('ops', 'secret-password');
  return stubApi({
    'GET /admin/review-requests': () => json(200, { requests: [] }),
    'GET /admin/experts': () => json(200, { experts: [] }),
    'GET /admin/expert-applications': () => json(200, { applications }),
    ...extra,
  });
}

describe('applications in the experts view', () => {
  it('lists an application with its fields by name; Invite fills the invitation form, which is sent with the application’s id', async () => {
    const a = application();
    const calls = serve([a, application({ name: 'Already Here', email: 'here@example.com', already_expert: true })], {
      'POST /admin/experts': () =>
        json(201, {
          expert: {
            id: 'x1',
            email: a.email,
            name: a.name,
            fields: ['Pharma and biotech'],
            languages: ['English'],
            country: 'HU',
            rttp_number: a.rttp_number,
            rates: { basic: 3000, advanced: 4500, comprehensive: 6000 },
            capacity: 3,
            paused: false,
            load: 0,
            state: 'invited',
            undertaking_accepted: false,
            created_at: '2026-11-29T10:00:00Z',
          },
          invitation_url: 'http://localhost/expert/invitation?token=t',
        }),
    });
    const user = userEvent.setup();
    renderWithClient(<ReviewsTab />);
    const rows = await screen.findAllByTestId('application-row');
    expect(rows[0]!.textContent).toContain('Pharma and biotech, Diagnostics');
    expect(rows[0]!.textContent).toContain('Hungary');
    // One who is already an expert cannot be invited again from here.
    expect(within(rows[1]!).getByText('Already an expert')).toBeTruthy();
    expect((within(rows[1]!).getByRole('button', { name: 'Invite Already Here' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(rows[0]!).getByRole('button', { name: 'Invite Katalin Karikó' }));
    const form = screen.getByRole('form', { name: 'Invite an expert' });
    expect(within(form).getByTestId('invite-from-application').textContent).toContain('Inviting Katalin Karikó from their application');
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).value).toBe('kati@example.com');
    expect((within(form).getByLabelText('Fields (comma-separated)') as HTMLInputElement).value).toBe('Pharma and biotech, Diagnostics');
    expect((within(form).getByLabelText('Languages (comma-separated)') as HTMLInputElement).value).toBe('English, Hungarian');
    expect((within(form).getByLabelText('Country') as HTMLSelectElement).value).toBe('HU');
    await user.click(within(form).getByRole('button', { name: 'Invite the expert' }));
    expect(await within(form).findByText('Invitation sent to kati@example.com.')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/admin/experts')!;
    expect(sent.body).toMatchObject({
      email: 'kati@example.com',
      name: 'Katalin Karikó',
      rttp_number: 'RTTP-7781',
      country: 'HU',
      application_id: a.id,
    });
    expect(within(form).queryByTestId('invite-from-application')).toBeNull();
  });

  it('Decline asks once more, then declines; the server’s refusal is shown', async () => {
    const a = application();
    let answer = json(409, { detail: 'This applicant has already been invited.', code: 'application_invited' });
    const calls = serve([a], { [`POST /admin/expert-applications/${a.id}/decline`]: () => answer });
    const user = userEvent.setup();
    renderWithClient(<ReviewsTab />);
    const [row] = await screen.findAllByTestId('application-row');
    await user.click(within(row!).getByRole('button', { name: 'Decline Katalin Karikó' }));
    expect(calls.some((c) => c.path.endsWith('/decline'))).toBe(false);
    await user.click(within(row!).getByRole('button', { name: 'Decline and e-mail' }));
    expect(await screen.findByText('This applicant has already been invited.')).toBeTruthy();
    answer = json(200, { ...a, state: 'declined', decided_at: '2026-11-29T10:00:00Z' });
    await user.click(within(row!).getByRole('button', { name: 'Decline and e-mail' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.path.endsWith('/decline'))).toHaveLength(2));
  });

  it('says when there are none', async () => {
    serve([]);
    renderWithClient(<ReviewsTab />);
    expect(await screen.findByText('No applications waiting.')).toBeTruthy();
  });
});
