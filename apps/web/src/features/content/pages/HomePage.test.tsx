import { LIMITS, MSG } from '@assay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_KEY } from '../lib/draft.ts';
import { json, MEMBER, renderPage, signIn, signOut, SITE, stubApi } from '../test-support.tsx';
import { session } from '../../../lib/session.ts';
import HomePage from './HomePage.tsx';

const IDEA = 'A biodegradable sensor patch that detects early crop disease from changes in leaf moisture.';
const generate = () => screen.getByRole('button', { name: /^Generate (Free )?Assessment Report$/ });
/** The page, once its report form (a chunk of its own) is on screen. */
async function renderHome(site = SITE) {
  const view = renderPage(<HomePage />, '/', site);
  await screen.findByRole('group', { name: 'Report complexity' });
  return view;
}
const ideaBox = () => screen.getByLabelText<HTMLTextAreaElement>('Describe your technology idea');
const RECORD = {
  name: 'Crop sensor patch',
  name_stated: false,
  summary: 'A biodegradable sensor patch',
  field: 'agriculture_food',
  field_confidence: 'medium',
  features: ['biodegradable film'],
  mechanism: '',
  problem: '',
  advantages: [],
  stage: { trl: null, stated_text: null, label: null },
  ip: { status: 'unknown', numbers: [], owner: null, stated_text: null },
  applications: [],
  customers: [],
  licensees: [],
  figures: [],
  unknowns: [],
};
const understood = () => json(200, { record: RECORD, writer: { offline: true, provider: 'offline', model: 'analyst' } });
/** Generate, then "Confirm and generate" on what we understood. */
async function generateAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(generate());
  await user.click(await screen.findByRole('button', { name: 'Confirm and generate' }));
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const balanceWithBonus = (bonus_tokens: number) => () =>
  json(200, {
    available_tokens: 9000 + bonus_tokens,
    paid_tokens: 9000,
    bonus_tokens,
    held_tokens: 0,
    refund_pending_tokens: 0,
    next_expiry: null,
  });

describe('the free report offer', () => {
  it('is made to visitors', async () => {
    signOut();
    await renderHome();
    expect(screen.getByRole('button', { name: 'Generate Free Assessment Report' })).toBeTruthy();
    expect(screen.getByText('Free report on sign-up · no credit card')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start with a free report' })).toBeTruthy();
  });

  it('is not made to a member whose sign-up bonus is spent', async () => {
    session.signIn('test-access-token', { ...MEMBER, reports_generated: 1 });
    stubApi({ 'GET /tokens/balance': balanceWithBonus(0) });
    await renderHome();
    expect(await screen.findByRole('button', { name: 'Generate Assessment Report' })).toBeTruthy();
    expect(screen.queryByText(/\bfree\b/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Generate a report' })).toBeTruthy();
  });

  it('is still made to a member whose bonus pays for a Basic report', async () => {
    signIn();
    stubApi({ 'GET /tokens/balance': balanceWithBonus(2500) });
    await renderHome();
    await waitFor(() => expect(screen.getByText(/Your first Basic report is free/)).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Generate Free Assessment Report' })).toBeTruthy();
  });
});

describe('the home page', () => {
  it('offers three tiers with their token costs and section counts', async () => {
    signOut();
    await renderHome();
    const picker = screen.getByRole('group', { name: 'Report complexity' });
    expect(within(picker).getByRole('radio', { name: /Basic.*2,500 tokens.*15 sections/ })).toBeTruthy();
    expect(within(picker).getByRole('radio', { name: /Advanced.*7,500 tokens.*24 sections/ })).toBeTruthy();
    expect(within(picker).getByRole('radio', { name: /Comprehensive.*9,000 tokens.*34 sections/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('links the three sample reports as downloads, and the RTTP page', async () => {
    signOut();
    await renderHome();
    const hrefs = screen
      .getAllByRole('link', { name: /Download .*sample \(PDF\)/ })
      .map((a) => [a.getAttribute('href'), a.hasAttribute('download')]);
    expect(hrefs).toEqual([
      ['/samples/sample-basic.pdf', true],
      ['/samples/sample-advanced.pdf', true],
      ['/samples/sample-comprehensive.pdf', true],
    ]);
    expect(screen.getByRole('link', { name: 'Meet the RTTP experts' }).getAttribute('href')).toBe('/rttp');
  });

  it('tells the visitor ideas stay private and not to publish before filing', async () => {
    signOut();
    await renderHome({ ...SITE, report_writer: { offline: false }, prior_art_search: true });
    const noteId = ideaBox()
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((id) => id.endsWith('-privacy'))!;
    const note = document.getElementById(noteId)!.textContent!;
    expect(note).toMatch(/Your idea stays private/);
    expect(note).toMatch(/configured not to train/);
    expect(screen.queryByTestId('writer-note')).toBeNull();
    expect(note).toMatch(/Do not publish .* before you file a patent application: public disclosure can destroy its novelty/);
    expect(note).toContain(MSG.ideaSearchNotice);
  });

  it('offline, says the offline analyst writes before anything is spent, and speaks of no AI provider', async () => {
    signOut();
    await renderHome({ ...SITE, report_writer: { offline: true } });
    const noteId = ideaBox()
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((id) => id.endsWith('-privacy'))!;
    const note = document.getElementById(noteId)!.textContent!;
    expect(note).toMatch(/Your idea stays private/);
    expect(note).not.toMatch(/AI provider/);
    expect(note).toMatch(/Do not publish/);
    // No search is configured (SITE): nothing is said to leave for patent databases either.
    expect(note).not.toContain(MSG.ideaSearchNotice);
    expect(screen.getByTestId('writer-note').textContent).toMatch(/Written by the offline analyst/);
  });

  it('asks for an idea, then for 50 characters, counting as the visitor types', async () => {
    signOut();
    const calls = stubApi({});
    const user = userEvent.setup();
    await renderHome();

    await user.click(generate());
    expect(await screen.findByText(MSG.ideaRequired)).toBeTruthy();

    await user.type(ideaBox(), 'Too short');
    expect(await screen.findByText(MSG.ideaMin)).toBeTruthy();
    expect(screen.getByTestId('idea-count').textContent).toBe(`9 characters · minimum ${LIMITS.ideaMin} (41 more needed)`);

    await user.clear(ideaBox());
    await user.click(ideaBox());
    await user.paste(IDEA);
    expect(screen.queryByText(MSG.ideaMin)).toBeNull();
    expect(screen.getByText(/minimum 50 reached/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends a signed-out visitor to sign in, keeping the idea and tier for their return', async () => {
    signOut();
    const calls = stubApi({});
    const user = userEvent.setup();
    const first = await renderHome();

    await user.click(screen.getByRole('radio', { name: /Advanced/ }));
    await user.click(ideaBox());
    await user.paste(IDEA);
    await user.click(generate());

    expect((await screen.findByTestId('landed')).textContent).toBe('/login');
    expect(await screen.findByText('Please sign in to generate reports')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('landed-state').textContent!)).toEqual({ from: { pathname: '/' } });
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toEqual({ idea: IDEA, complexity: 'advanced' });
    expect(calls.filter((c) => c.path === '/reports/generate')).toHaveLength(0);
    first.unmount();

    // Back on the home page, the draft is where they left it.
    await renderHome();
    expect(ideaBox().value).toBe(IDEA);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Advanced/ }).checked).toBe(true);
  });

  it('starts generation for a member and goes to the reports dashboard', async () => {
    signIn();
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ idea: IDEA, complexity: 'comprehensive' }));
    const calls = stubApi({
      'GET /tokens/balance': () =>
        json(200, {
          available_tokens: 12000,
          paid_tokens: 9500,
          bonus_tokens: 2500,
          held_tokens: 0,
          refund_pending_tokens: 0,
          next_expiry: null,
        }),
      'POST /reports/understand': understood,
      'POST /reports/generate': () =>
        json(201, {
          id: 'r1',
          title: 'Crop sensor',
          idea: IDEA,
          complexity: 'comprehensive',
          status: 'processing',
          created_at: '2025-07-01T10:00:00.000Z',
          completed_at: null,
          tokens_used: 9000,
          pdf_url: null,
          content_preview: null,
          error_message: null,
          tokens_returned: false,
          progress: { stage: 'queued', sections_done: 0, sections_total: 15 },
          record: RECORD,
          record_confirmed: true,
          version: 0,
          run_kind: 'generate',
          cancelled: false,
        }),
    });
    const user = userEvent.setup();
    await renderHome();

    await user.click(generate());
    // What we understood, before anything is held: the visitor confirms it as read.
    await screen.findByRole('heading', { name: 'What we understood' });
    expect(calls.filter((c) => c.path === '/reports/generate')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm and generate' }));

    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/reports'));
    const sent = calls.find((c) => c.path === '/reports/generate')!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({ idea: IDEA, complexity: 'comprehensive', record: RECORD });
    expect(sent.authorization).toBe('Bearer test-access-token');
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('sends a member whose balance is too low to buy tokens, without starting a report', async () => {
    signIn();
    const calls = stubApi({
      'GET /tokens/balance': () =>
        json(200, {
          available_tokens: 2500,
          paid_tokens: 0,
          bonus_tokens: 2500,
          held_tokens: 0,
          refund_pending_tokens: 0,
          next_expiry: null,
        }),
    });
    const user = userEvent.setup();
    await renderHome();

    await user.click(screen.getByRole('radio', { name: /Advanced/ }));
    await user.click(ideaBox());
    await user.paste(IDEA);
    await user.click(generate());

    expect(await screen.findByText('Insufficient tokens. Required: 7500, Available: 2500. Please purchase more tokens.')).toBeTruthy();
    expect((await screen.findByTestId('landed')).textContent).toBe('/login-pricing');
    expect(calls.filter((c) => c.path === '/reports/generate')).toHaveLength(0);
  });

  it('follows the server on a 403: shows its detail and goes to buy tokens', async () => {
    signIn();
    stubApi({
      'GET /tokens/balance': () => json(500, { detail: 'down' }),
      'POST /reports/understand': understood,
      'POST /reports/generate': () =>
        json(403, { detail: 'Insufficient tokens. Required: 2500, Available: 0. Please purchase more tokens.' }),
    });
    const user = userEvent.setup();
    await renderHome();

    await user.click(ideaBox());
    await user.paste(IDEA);
    await generateAndConfirm(user);

    expect(await screen.findByText('Insufficient tokens. Required: 2500, Available: 0. Please purchase more tokens.')).toBeTruthy();
    expect((await screen.findByTestId('landed')).textContent).toBe('/login-pricing');
  });

  it('uses the short insufficient-tokens text when a 403 carries no detail', async () => {
    signIn();
    stubApi({
      'GET /tokens/balance': () => json(500, {}),
      'POST /reports/understand': understood,
      'POST /reports/generate': () => new Response('', { status: 403 }),
    });
    const user = userEvent.setup();
    await renderHome();

    await user.click(ideaBox());
    await user.paste(IDEA);
    await generateAndConfirm(user);

    expect(await screen.findByText(MSG.insufficientTokensShort)).toBeTruthy();
    expect((await screen.findByTestId('landed')).textContent).toBe('/login-pricing');
  });

  it('shows the server’s reason when generation is refused, and stays on the page', async () => {
    signIn();
    stubApi({
      'GET /tokens/balance': () =>
        json(200, {
          available_tokens: 9000,
          paid_tokens: 9000,
          bonus_tokens: 0,
          held_tokens: 0,
          refund_pending_tokens: 0,
          next_expiry: null,
        }),
      'POST /reports/understand': understood,
      'POST /reports/generate': () => json(409, { detail: 'A report for this idea is already being generated' }),
    });
    const user = userEvent.setup();
    await renderHome();

    await user.click(ideaBox());
    await user.paste(IDEA);
    await generateAndConfirm(user);

    expect(await screen.findByText('A report for this idea is already being generated')).toBeTruthy();
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(ideaBox().value).toBe(IDEA);
  });

  it('says "Failed to generate report" when the request never reaches the server', async () => {
    signIn();
    stubApi({
      'GET /tokens/balance': () =>
        json(200, {
          available_tokens: 9000,
          paid_tokens: 9000,
          bonus_tokens: 0,
          held_tokens: 0,
          refund_pending_tokens: 0,
          next_expiry: null,
        }),
      'POST /reports/understand': understood,
      'POST /reports/generate': async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    await renderHome();

    await user.click(ideaBox());
    await user.paste(IDEA);
    await generateAndConfirm(user);

    expect(await screen.findByText('Failed to generate report')).toBeTruthy();
  });

  it('says the idea could not be read when reading it never reaches the server, and spends nothing', async () => {
    signIn();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    await renderHome();

    await user.click(ideaBox());
    await user.paste(IDEA);
    await user.click(generate());

    expect(await screen.findByRole('heading', { name: 'We could not read your idea' })).toBeTruthy();
    expect(screen.getByText(MSG.understandFailed)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(ideaBox().value).toBe(IDEA);
  });
});
