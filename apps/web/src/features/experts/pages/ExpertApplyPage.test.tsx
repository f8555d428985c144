import { EXPERT_ACCESS_MESSAGES } from '@assay/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, type Call } from '../../../test/http.ts';
import ExpertApplyPage from './ExpertApplyPage.tsx';

/** Join as Expert (decision 235): the public application form. */
afterEach(() => vi.unstubAllGlobals());

const show = () =>
  render(
    <MemoryRouter initialEntries={['/experts/apply']}>
      <ExpertApplyPage />
    </MemoryRouter>,
  );

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Katalin Karikó');
  await user.type(screen.getByLabelText('E-mail'), 'Kati@Example.com');
  await user.selectOptions(screen.getByLabelText('Country'), 'HU');
  await user.type(screen.getByLabelText('RTTP number'), 'RTTP-7781');
  await user.click(screen.getByLabelText('Pharma and biotech'));
  await user.click(screen.getByLabelText('Diagnostics'));
  await user.type(screen.getByLabelText('Languages you review in'), 'English, Hungarian');
  await user.type(screen.getByLabelText('Your experience'), 'Twenty years licensing mRNA platform patents.');
}

describe('the Join as Expert page', () => {
  it('checks every field on submit with the server’s rules, says what is wrong beside it and focuses the first; sends nothing', async () => {
    const calls = stubApi({});
    const user = userEvent.setup();
    show();
    await user.type(screen.getByLabelText('Your experience'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.getByText('Enter your name')).toBeTruthy();
    expect(screen.getByText('Choose your country')).toBeTruthy();
    expect(screen.getByText('Enter your RTTP number')).toBeTruthy();
    expect(screen.getByText('Choose at least one field of expertise')).toBeTruthy();
    expect(screen.getByText('Name the languages you review in')).toBeTruthy();
    expect(screen.getByText('Tell us a little more about your experience (at least 20 characters)')).toBeTruthy();
    expect(calls).toHaveLength(0);
    // Editing a field clears its message.
    await user.type(screen.getByLabelText('Name'), 'K');
    expect(screen.queryByText('Enter your name')).toBeNull();
  });

  it('sends the application (languages split, e-mail lower-cased) and shows the server’s thanks in place of the form', async () => {
    let sent: Call | undefined;
    stubApi({
      'POST /expert-applications': (c) => {
        sent = c;
        return json(201, { message: EXPERT_ACCESS_MESSAGES.applicationThanks });
      },
    });
    const user = userEvent.setup();
    show();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    const done = await screen.findByRole('heading', { name: 'Application sent' });
    expect(document.activeElement).toBe(done);
    expect(screen.getByText(EXPERT_ACCESS_MESSAGES.applicationThanks)).toBeTruthy();
    expect(sent!.body).toEqual({
      name: 'Katalin Karikó',
      email: 'kati@example.com',
      country: 'HU',
      rttp_number: 'RTTP-7781',
      fields: ['pharma_biotech', 'diagnostics'],
      languages: ['English', 'Hungarian'],
      statement: 'Twenty years licensing mRNA platform patents.',
    });
  });

  it('puts a 422’s messages beside their fields, and shows a 429’s detail above the button, keeping what was typed', async () => {
    let answer = json(422, {
      detail: 'Choose from the listed fields',
      code: 'validation_error',
      errors: { 'fields.0': 'Choose from the listed fields' },
    });
    stubApi({ 'POST /expert-applications': () => answer });
    const user = userEvent.setup();
    show();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    const group = screen.getByRole('group', { name: 'Fields of expertise' });
    expect(await within(group).findByText('Choose from the listed fields')).toBeTruthy();

    answer = json(429, { detail: EXPERT_ACCESS_MESSAGES.applicationTooMany, code: 'rate_limited' }, { 'retry-after': '120' });
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(EXPERT_ACCESS_MESSAGES.applicationTooMany)).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Katalin Karikó');
  });
});
