import { ESTIMATED_GENERATION_TEXT, insufficientTokensDetail, type Report, type ReportList, type TokenPackage } from '@assay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceOf, json, recordOf, renderWithApp, stubApi, understood, type Call } from '../test-support.tsx';
import { session } from '../../../lib/session.ts';
import ReportsPage from './ReportsPage.tsx';

// The checkout window is the one boundary faked here (the sandbox pop-up runs in the browser tests).
const checkout = vi.hoisted(() => ({ openCheckout: vi.fn() }));
vi.mock('../../purchase/checkout/open-checkout.ts', () => checkout);

const PRO: TokenPackage = {
  id: 'pro',
  name: 'Pro',
  package_type: 'pro',
  tokens: 30000,
  price_usd: 129,
  original_price_usd: null,
  description: 'Enough for 4 Advanced reports.',
  most_popular: true,
  gst_usd: 23.22,
  total_usd: 152.22,
};

const IDEA = 'A low-cost sensor patch that detects early crop disease from leaf moisture patterns in the field.';

let n = 0;
const report = (over: Partial<Report> = {}): Report => ({
  id: `r${++n}`,
  title: `Report ${n}`,
  idea: IDEA,
  complexity: 'basic',
  status: 'completed',
  created_at: '2025-07-01T10:00:00.000Z',
  completed_at: '2025-07-01T10:05:00.000Z',
  tokens_used: 2500,
  pdf_url: `/api/reports/r${n}/download`,
  content_preview: 'The summary.',
  error_message: null,
  tokens_returned: false,
  progress: { stage: 'done', sections_done: 15, sections_total: 15 },
  record: null,
  record_confirmed: false,
  version: 1,
  run_kind: 'generate',
  cancelled: false,
  ...over,
});

const page = (reports: Report[], p = 1, pages = 1, total = reports.length): ReportList => ({ reports, page: p, pages, total });

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/reports?')).map((c) => c.path);

describe('the reports dashboard', () => {
  it('shows the empty state with a call to action, the balance, and Buy Tokens only below 2,500', async () => {
    stubApi({ 'GET /tokens/balance': () => balanceOf(2499), 'GET /reports': () => json(200, page([])) });
    renderWithApp(<ReportsPage />);
    expect(await screen.findByText('No reports yet')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('token-balance-value').textContent).toBe('2,499'));
    expect(screen.getByRole('button', { name: 'Buy Tokens' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Generate Report' })).toHaveLength(2);
  });

  it('hides Buy Tokens at 2,500', async () => {
    stubApi({ 'GET /tokens/balance': () => balanceOf(2500), 'GET /reports': () => json(200, page([])) });
    renderWithApp(<ReportsPage />);
    await waitFor(() => expect(screen.getByTestId('token-balance-value').textContent).toBe('2,500'));
    expect(screen.queryByRole('button', { name: 'Buy Tokens' })).toBeNull();
  });

  it('offers the packages in place when the balance does not cover the report, and generates after the purchase', async () => {
    session.signIn('access-token', {
      id: 'u1',
      name: 'Ada',
      email: 'ada@example.com',
      phone: null,
      is_verified: true,
      reports_generated: 1,
      created_at: '2025-01-01T00:00:00Z',
      last_login: null,
      auth_provider: 'password',
    });
    let available = 1000;
    const calls = stubApi({
      'GET /tokens/balance': () => balanceOf(available),
      'GET /reports': () => json(200, page([])),
      'GET /tokens/packages': () => json(200, [PRO]),
      'POST /tokens/purchase/create-order': () =>
        json(200, {
          order_id: 'order_sbx_1',
          amount: 15222,
          currency: 'USD',
          key_id: 'rzp_sandbox',
          provider: 'sandbox',
          package: PRO,
          price_breakdown: { price: 12900, gst: 2322, total: 15222, gst_percent: 18 },
          prefill: { name: 'Ada', email: 'ada@example.com', contact: '' },
          checkout_url: '/api/payments/sandbox/checkout?order_id=order_sbx_1',
        }),
      'POST /tokens/purchase/verify-payment': () => {
        available += 30000;
        return json(200, { success: true, tokens_added: 30000, available_tokens: available, message: 'ok' });
      },
      'POST /reports/understand': () => understood(),
      'POST /reports/generate': () => json(201, report({ title: 'Crop sensor patch', status: 'processing', pdf_url: null })),
    });
    checkout.openCheckout.mockResolvedValueOnce({
      status: 'success',
      response: { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sbx_1', razorpay_signature: 'sig' },
    });
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />);
    await screen.findByText('No reports yet');
    await user.click(screen.getAllByRole('button', { name: 'Generate Report' })[0]!);
    const form = await screen.findByRole('form', { name: 'Generate a technology assessment report' });
    await user.click(within(form).getByLabelText(/Basic/));
    await user.click(within(form).getByLabelText('Describe your technology idea'));
    await user.paste(IDEA);
    await user.click(within(form).getByRole('button', { name: 'Generate Report' }));

    // No notice and no trip to another page: the packages, in the one purchase dialog.
    const buy = await screen.findByRole('dialog', { name: 'Buy Tokens' });
    // The spec's text, in the dialog (a toast would cover it).
    expect(within(buy).getByText(insufficientTokensDetail(2500, 1000), { exact: false })).toBeTruthy();
    expect(within(buy).queryByRole('link', { name: 'See token packages' })).toBeNull();
    expect(calls.filter((c) => c.path === '/reports/generate')).toHaveLength(0);

    await user.click(await within(buy).findByRole('button', { name: 'Buy Now: Pro package' }));
    await user.click(await screen.findByRole('button', { name: 'Proceed to payment' }));
    expect(await screen.findByText('Successfully purchased 30,000 tokens!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Buy Tokens|Review your purchase/ })).toBeNull());

    // Back in the generate form, the idea still there: it is read, confirmed, and the report starts.
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Describe your technology idea').value).toBe(IDEA);
    await user.click(within(form).getByRole('button', { name: 'Generate Report' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and generate' }));
    expect(await screen.findByText('Report generation started')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/reports/generate')).toHaveLength(1);
    session.clear();
  }, 20_000);

  it('opens the report a notification mail links to even when it is not on the first page, and says when it is not there at all', async () => {
    const old = report({ title: 'An older report' });
    const calls = stubApi({
      'GET /tokens/balance': () => balanceOf(10_000),
      'GET /reports': () => json(200, page([report(), report()], 1, 3, 45)),
      [`GET /reports/${old.id}`]: () => json(200, old),
    });
    const first = renderWithApp(<ReportsPage />, { path: `/reports?report=${old.id}` });
    const details = await screen.findByRole('dialog', { name: 'Report details' });
    expect(within(details).getByRole('heading', { name: 'An older report' })).toBeTruthy();
    expect(calls.some((c) => c.path === `/reports/${old.id}`)).toBe(true);
    first.unmount();

    renderWithApp(<ReportsPage />, { path: '/reports?report=someone-elses' });
    expect(await screen.findByText('Report not found')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Report details' })).toBeNull();
  });

  it('shows the invention as confirmed in the details, and renames the report in place', async () => {
    const r = report({ title: 'LoRa', record: recordOf(), record_confirmed: true });
    let title = r.title;
    const calls = stubApi({
      'GET /tokens/balance': () => balanceOf(10_000),
      'GET /reports': () => json(200, page([{ ...r, title }])),
      [`PATCH /reports/${r.id}`]: (c) => {
        const next = (c.body as { title: string }).title;
        if (next === 'taken') return json(400, { detail: 'A title can be at most 200 characters long' });
        title = next;
        return json(200, { ...r, title });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />);
    await user.click((await screen.findAllByRole('button', { name: 'LoRa' }))[0]!);
    const details = await screen.findByRole('dialog', { name: 'Report details' });
    const d = within(details);
    expect(d.getByRole('heading', { name: 'The invention as confirmed' })).toBeTruthy();
    const facts = within(d.getByTestId('invention-record'));
    expect(facts.getByText('LeafSense patch')).toBeTruthy();
    expect(facts.getByText('Agriculture and food')).toBeTruthy();
    expect(facts.getByText('TRL 4 — Validated in the lab')).toBeTruthy();
    expect(facts.getByText('Filed (patent pending) · US 63/123,456 · owner: Green Acre Labs')).toBeTruthy();
    expect(facts.getByText('500 million — smallholder farms worldwide')).toBeTruthy();

    await user.click(d.getByRole('button', { name: 'Rename report' }));
    const box = d.getByLabelText('Report title') as HTMLInputElement;
    expect(document.activeElement).toBe(box);
    // Empty: said at the field, nothing sent.
    await user.clear(box);
    await user.click(d.getByRole('button', { name: 'Save title' }));
    expect(d.getByRole('alert').textContent).toBe('Please give the report a title');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    // The server's refusal is said at the field too.
    await user.type(box, 'taken');
    await user.click(d.getByRole('button', { name: 'Save title' }));
    await waitFor(() => expect(d.getByRole('alert').textContent).toBe('A title can be at most 200 characters long'));
    await user.clear(box);
    await user.type(box, 'LeafSense patch for smallholders{Enter}');
    expect(await d.findByRole('heading', { name: 'LeafSense patch for smallholders' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({ title: 'LeafSense patch for smallholders' });
    expect(d.getByText(/Renamed/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(d.getByRole('button', { name: 'Rename report' })));
    // The list shows the new title (and downloads under it).
    expect(screen.getAllByRole('button', { name: 'LeafSense patch for smallholders' }).length).toBeGreaterThan(0);
  });

  it('searches the loaded page by title or idea, filters by status on the server, and pages', async () => {
    const first = [
      report({ title: 'Solar kettle', idea: 'A kettle that boils water with a PARABOLIC mirror and a heat store, for off-grid homes.' }),
      report({
        title: 'Crop sensor',
        status: 'failed',
        error_message: 'The analyst was unavailable.',
        tokens_returned: true,
        pdf_url: null,
      }),
      report({
        title: 'Bridge monitor',
        status: 'processing',
        pdf_url: null,
        progress: { stage: 'sections', sections_done: 7, sections_total: 15 },
      }),
    ];
    const second = [report({ title: 'Old report' })];
    const calls = stubApi({
      'GET /tokens/balance': () => balanceOf(40_000),
      'GET /reports': (c) => {
        const q = new URLSearchParams(c.path.split('?')[1]);
        if (q.get('status') === 'failed') return json(200, page([first[1]!]));
        return json(200, q.get('page') === '2' ? page(second, 2, 2, 11) : page(first, 1, 2, 11));
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ReportsPage />);
    await screen.findAllByText('Solar kettle');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getAllByText('Writing sections — 7 of 15').length).toBeGreaterThan(0);
    expect(screen.getAllByText('The analyst was unavailable.').length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText('Search reports'), 'parabolic');
    expect(screen.getAllByText('Solar kettle').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('Crop sensor')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Search reports'));
    await user.type(screen.getByLabelText('Search reports'), 'CROP');
    expect(screen.getAllByText('Crop sensor').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('Solar kettle')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Search reports'));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findAllByText('Old report');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 1 of 2');

    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() => expect(lists(calls)).toContain('/reports?page=1&limit=10&status=failed'));
    await waitFor(() => expect(screen.queryAllByText('Solar kettle')).toHaveLength(0));
    expect(lists(calls)).toContain('/reports?page=2&limit=10');
  });
});

/** A text/event-stream response the test writes to, chunk by chunk. */
function sseStream() {
  const enc = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(enc.encode(text)),
    close: () => controller.close(),
  };
}

const event = (r: Report) => `event: report\ndata: ${JSON.stringify(r)}\n\n`;

describe('live progress on the dashboard', () => {
  it('follows a processing report over its event stream and updates it in place when it completes', async () => {
    const live = report({
      title: 'Wave energy buoy',
      status: 'processing',
      pdf_url: null,
      content_preview: null,
      progress: { stage: 'queued', sections_done: 0, sections_total: 15 },
    });
    const writing = { ...live, progress: { stage: 'sections' as const, sections_done: 3, sections_total: 15 } };
    const done = {
      ...live,
      status: 'completed' as const,
      pdf_url: `/api/reports/${live.id}/download`,
      progress: { stage: 'done' as const, sections_done: 15, sections_total: 15 },
    };
    const stream = sseStream();
    const calls = stubApi({
      'GET /tokens/balance': () => balanceOf(0),
      'GET /reports': () => json(200, page([live])),
      [`GET /reports/${live.id}/events`]: () => stream.response(),
    });
    renderWithApp(<ReportsPage />);
    expect((await screen.findAllByText('Queued — starting shortly')).length).toBeGreaterThan(0);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/events'))).toBe(true));
    // Events split anywhere, even inside the JSON.
    const text = event(live) + event(writing);
    stream.write(text.slice(0, 30));
    stream.write(text.slice(30, 500));
    stream.write(text.slice(500));
    expect((await screen.findAllByText('Writing sections — 3 of 15')).length).toBeGreaterThan(0);
    stream.write(': keep-alive\n\n');
    stream.write(event(done));
    stream.close();
    expect(await screen.findByText('Your report "Wave energy buoy" is ready')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Preview Wave energy buoy' }).length).toBeGreaterThan(0);
    // In place: the list was loaded once, and the balance reloaded after the report finished.
    expect(lists(calls)).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/tokens/balance').length).toBeGreaterThanOrEqual(2);
  });

  it('falls back to polling every 5 s, and to the estimate when neither works', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const a = report({
      title: 'Polled',
      status: 'processing',
      pdf_url: null,
      progress: { stage: 'outline', sections_done: 0, sections_total: 15 },
    });
    const b = report({
      title: 'Offline',
      status: 'processing',
      pdf_url: null,
      progress: { stage: 'outline', sections_done: 0, sections_total: 15 },
    });
    const failed = {
      ...a,
      status: 'failed' as const,
      error_message: null,
      tokens_returned: true,
      progress: { ...a.progress, stage: 'failed' as const },
    };
    stubApi({
      'GET /tokens/balance': () => balanceOf(2500),
      'GET /reports': () => json(200, page([a, b])),
      [`GET /reports/${a.id}/events`]: () => json(502, {}),
      [`GET /reports/${b.id}/events`]: () => json(502, {}),
      [`GET /reports/${a.id}`]: () => json(200, failed),
      [`GET /reports/${b.id}`]: () => json(503, {}),
    });
    renderWithApp(<ReportsPage />);
    await screen.findAllByText('Polled');
    await vi.advanceTimersByTimeAsync(5100);
    expect((await screen.findAllByText('An error occurred during report generation. Please try again.')).length).toBeGreaterThan(0);
    expect(screen.getByText('The 2,500 tokens for this report were returned to your balance.')).toBeTruthy();
    expect((await screen.findAllByText(ESTIMATED_GENERATION_TEXT)).length).toBeGreaterThan(0);
  });
});
