import { MSG } from '@assay/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_PAGE_REASONS, RTTP_REASONS } from '../data/contact-reasons.ts';
import { ContactForm } from './ContactForm.tsx';
import { json } from '../test-support.tsx';

interface Captured {
  url: string;
  method: string | undefined;
  body: Record<string, unknown>;
}

/** Stubs the browser's fetch (the app's boundary) and records what the form sends. */
function stubFetch(respond: () => Promise<Response> | Response = () => json(200, { message: 'Thanks, we will reply soon.' })) {
  const calls: Captured[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return respond();
  });
  return calls;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, reason = 'ip_licensing') {
  await user.selectOptions(screen.getByLabelText('Reason for contacting us'), reason);
  await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Phone'), '+44 20 7946 0958');
  await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
  await user.type(screen.getByLabelText('Message'), 'I would like to license my analytical engine patent.');
}

const send = () => screen.getByRole('button', { name: /Send Message|Sending\.\.\./ });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the contact form', () => {
  it('shows every message of the spec when submitted empty, and sends nothing', async () => {
    const calls = stubFetch();
    const user = userEvent.setup();
    render(<ContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" />);

    await user.click(send());

    for (const text of [MSG.reasonRequired, MSG.nameRequired, MSG.phoneRequired, MSG.emailRequired, MSG.messageRequired]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(calls).toHaveLength(0);
  });

  it('says an address without a domain is invalid', async () => {
    stubFetch();
    const user = userEvent.setup();
    render(<ContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" />);

    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.click(send());

    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
  });

  it('clears a field’s error as soon as that field is edited, and leaves the others', async () => {
    stubFetch();
    const user = userEvent.setup();
    render(<ContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" />);
    await user.click(send());
    await screen.findByText(MSG.nameRequired);

    await user.type(screen.getByLabelText('Name'), 'A');

    expect(screen.queryByText(MSG.nameRequired)).toBeNull();
    expect(screen.getByText(MSG.phoneRequired)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');

    // Not re-checked while typing: a half-typed address shows no 'Invalid email address' yet.
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText(MSG.emailRequired)).toBeNull();
    expect(screen.queryByText(MSG.emailInvalid)).toBeNull();
  });

  it('sends the reason from the contact page', async () => {
    const calls = stubFetch();
    const user = userEvent.setup();
    render(<ContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" />);

    await fillValid(user, 'custom_pricing');
    await user.click(send());

    await screen.findByText(MSG.contactSentBanner);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/contact');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.body).toEqual({
      reason: 'custom_pricing',
      form: 'contact',
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0958',
      email: 'ada@example.com',
      message: 'I would like to license my analytical engine patent.',
    });
  });

  it('asks for a reason on the RTTP form and sends it, marked as the RTTP form', async () => {
    const calls = stubFetch();
    const user = userEvent.setup();
    render(<ContactForm reasons={RTTP_REASONS} form="rttp" feedback="toast" />);

    await user.click(send());
    expect(await screen.findByText(MSG.reasonRequired)).toBeTruthy();

    await fillValid(user, 'startup_formation');
    await user.click(send());

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      reason: 'startup_formation',
      form: 'rttp',
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0958',
      email: 'ada@example.com',
      message: 'I would like to license my analytical engine patent.',
    });
  });

  it('refuses a short phone and a one-letter message with the texts the server gives, and sends nothing', async () => {
    const calls = stubFetch();
    const user = userEvent.setup();
    render(<ContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" />);
    await user.selectOptions(screen.getByLabelText('Reason for contacting us'), 'ip_licensing');
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Phone'), '12');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Message'), 'x');
    await user.click(send());
    expect(await screen.findByText(MSG.phoneInvalid)).toBeTruthy();
    expect(await screen.findByText(MSG.messageTooShort)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('offers custom pricing on the contact page only, and one label for the general query', () => {
    const { unmount } = render(<ContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" />);
    const options = () =>
      Array.from(screen.getByLabelText<HTMLSelectElement>('Reason for contacting us').options).map((o) => o.textContent);
    expect(options()).toContain('Custom Pricing');
    expect(options()[1]).toBe('General query / Global Market Access');
    unmount();

    render(<ContactForm reasons={RTTP_REASONS} form="rttp" feedback="toast" />);
    expect(options()).not.toContain('Custom Pricing');
    expect(options()).toContain('General query / Global Market Access');
  });

  it('reads Sending... and cannot be sent twice while the message is on its way', async () => {
    let answer!: (r: Response) => void;
    const calls = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    render(<ContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" />);
    await fillValid(user);

    await user.click(send());

    const button = await screen.findByRole('button', { name: 'Sending...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.click(button);
    expect(calls).toHaveLength(1);

    answer(json(200, { message: 'ok' }));
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it('shows the success banner and empties the form after sending', async () => {
    stubFetch();
    const user = userEvent.setup();
    render(<ContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" />);
    await fillValid(user);

    await user.click(send());

    expect((await screen.findByRole('status')).textContent).toContain(MSG.contactSentBanner);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('');
  });

  it('shows the error banner and keeps what was typed when the server fails', async () => {
    stubFetch(() => json(500, { detail: 'Internal Server Error' }));
    const user = userEvent.setup();
    render(<ContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" />);
    await fillValid(user);

    await user.click(send());

    const banner = await screen.findByText(MSG.contactErrorBanner);
    expect(banner.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByText('Internal Server Error')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ada Lovelace');
  });

  it('adds the server’s reason to the error banner when it is throttled', async () => {
    stubFetch(() => json(429, { detail: MSG.contactTooMany }));
    const user = userEvent.setup();
    render(<ContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" />);
    await fillValid(user);

    await user.click(send());

    await screen.findByText(MSG.contactErrorBanner);
    expect(screen.getByText(MSG.contactTooMany)).toBeTruthy();
  });

  it('puts the server’s field messages under their fields on a 422', async () => {
    stubFetch(() => json(422, { detail: MSG.emailInvalid, errors: { email: MSG.emailInvalid } }));
    const user = userEvent.setup();
    render(<ContactForm reasons={CONTACT_PAGE_REASONS} form="contact" feedback="banner" />);
    await fillValid(user);

    await user.click(send());

    await screen.findByText(MSG.contactErrorBanner);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});
